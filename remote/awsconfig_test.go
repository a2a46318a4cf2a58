package remote

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAWSSharedFiles reads the credentials, region and endpoint of s3://
// requests from the AWS shared files, with the precedence of the AWS CLI:
// the environment, then the profile in the credentials file, then in the
// config file; AWS_PROFILE chooses the profile, HOME the files' place
// unless AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE name them.
func TestAWSSharedFiles(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	os.MkdirAll(filepath.Join(home, ".aws"), 0o755)
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".aws", "credentials"), `# a comment
[default]
aws_access_key_id = HOMEDEFAULT
aws_secret_access_key = homesecret

[crawl]
aws_access_key_id=CRAWLKEY
aws_secret_access_key=crawlsecret
aws_session_token = crawltoken
`)
	write(filepath.Join(home, ".aws", "config"), `[default]
region = eu-west-1
[profile crawl]
region = us-west-2
endpoint_url = http://127.0.0.1:9000
s3 =
  addressing_style = path
[profile onlyconfig]
aws_access_key_id = CONFIGKEY
aws_secret_access_key = configsecret
region = ap-south-1
[profile sso]
sso_session = my-sso
sso_account_id = 123
[profile role]
role_arn = arn:aws:iam::123:role/x
source_profile = default
`)
	other := filepath.Join(dir, "other-credentials")
	write(other, "[default]\naws_access_key_id = OTHERKEY\naws_secret_access_key = othersecret\n")
	for _, c := range []struct {
		vars map[string]string
		want awsSettings
		err  string
	}{
		{map[string]string{"HOME": home}, awsSettings{id: "HOMEDEFAULT", secret: "homesecret", region: "eu-west-1"}, ""},
		{map[string]string{"HOME": home, "AWS_PROFILE": "crawl"}, awsSettings{id: "CRAWLKEY", secret: "crawlsecret", token: "crawltoken", region: "us-west-2", endpoint: "http://127.0.0.1:9000"}, ""},
		{map[string]string{"HOME": home, "AWS_PROFILE": "onlyconfig"}, awsSettings{id: "CONFIGKEY", secret: "configsecret", region: "ap-south-1"}, ""},
		// The environment comes first, field by field.
		{map[string]string{"HOME": home, "AWS_PROFILE": "crawl", "AWS_ACCESS_KEY_ID": "ENVKEY", "AWS_SECRET_ACCESS_KEY": "envsecret", "AWS_DEFAULT_REGION": "sa-east-1"},
			awsSettings{id: "ENVKEY", secret: "envsecret", region: "sa-east-1", endpoint: "http://127.0.0.1:9000"}, ""},
		{map[string]string{"HOME": home, "AWS_SHARED_CREDENTIALS_FILE": other}, awsSettings{id: "OTHERKEY", secret: "othersecret", region: "eu-west-1"}, ""},
		{map[string]string{"HOME": home, "AWS_CONFIG_FILE": other, "AWS_SHARED_CREDENTIALS_FILE": filepath.Join(dir, "none")}, awsSettings{id: "OTHERKEY", secret: "othersecret"}, ""},
		// No files: anonymous.
		{map[string]string{"HOME": filepath.Join(dir, "nohome")}, awsSettings{}, ""},
		{map[string]string{"HOME": home, "AWS_PROFILE": "missing"}, awsSettings{}, `AWS_PROFILE "missing": no such profile`},
		{map[string]string{"HOME": home, "AWS_PROFILE": "sso"}, awsSettings{}, "from sso_session, which relink does not read"},
		{map[string]string{"HOME": home, "AWS_PROFILE": "role"}, awsSettings{}, "from role_arn, which relink does not read"},
	} {
		got, err := (&Opener{Getenv: env(c.vars)}).aws()
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v: %v, want %q", c.vars, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%v: %+v, %v; want %+v", c.vars, got, err, c.want)
		}
	}
	// The request is signed with the profile's key.
	obj, err := (&Opener{Getenv: env(map[string]string{"HOME": home, "AWS_PROFILE": "crawl"})}).s3Object("s3://b/k")
	if err != nil || obj.sign == nil || obj.url != "http://127.0.0.1:9000/b/k" {
		t.Errorf("s3Object: %+v, %v", obj, err)
	}
}

// FuzzAWSProfile reads any file as an AWS shared file: readAWSProfile
// never panics, and a profile it finds has keys in lower case.
func FuzzAWSProfile(f *testing.F) {
	f.Add("[default]\naws_access_key_id = K\n", "default")
	f.Add("[profile x]\n region=eu\ns3 =\n  addressing_style = path\n;c\n#c\n", "profile x")
	f.Add("[", "")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text, name string) {
		p := filepath.Join(dir, "config")
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		m, _, err := readAWSProfile(p, name)
		if err != nil {
			return
		}
		for k := range m {
			if k != strings.ToLower(k) {
				t.Fatalf("key %q", k)
			}
		}
	})
}
