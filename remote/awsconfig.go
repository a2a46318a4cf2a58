package remote

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strings"
)

// The AWS shared files, as the AWS CLI and SDKs read them: the
// credentials file (~/.aws/credentials, or AWS_SHARED_CREDENTIALS_FILE)
// and the config file (~/.aws/config, or AWS_CONFIG_FILE), each a set of
// profiles, the profile named by AWS_PROFILE or else "default" ([default]
// in both; [NAME] in the credentials file, [profile NAME] in the config
// file). A program started with an empty environment (Spark's RDD.pipe
// clears it) still finds them in the home directory of its user.

// awsSettings is what configures an s3:// request.
type awsSettings struct {
	id, secret, token string
	region, endpoint  string
}

// maxAWSFile bounds what is read of an AWS shared file.
const maxAWSFile = 1 << 20

// aws returns the S3 settings, each from the first place that has it:
// for the credentials, the environment (AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), then the profile in the
// credentials file, then the profile in the config file (the three keys
// aws_access_key_id, aws_secret_access_key, aws_session_token); for the
// region, AWS_REGION, AWS_DEFAULT_REGION, then the profile's region in the
// config file; for the endpoint, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL,
// then the profile's endpoint_url. A missing file is no error; a profile
// named by AWS_PROFILE that neither file has is one, and so is a profile
// whose credentials come from somewhere relink does not read (IAM Identity
// Center, credential_process, role_arn), rather than anonymous requests.
func (o *Opener) aws() (awsSettings, error) {
	s := awsSettings{
		id: o.getenv("AWS_ACCESS_KEY_ID"), secret: o.getenv("AWS_SECRET_ACCESS_KEY"), token: o.getenv("AWS_SESSION_TOKEN"),
		region: o.getenv("AWS_REGION"), endpoint: o.getenv("AWS_ENDPOINT_URL_S3"),
	}
	if s.region == "" {
		s.region = o.getenv("AWS_DEFAULT_REGION")
	}
	if s.endpoint == "" {
		s.endpoint = o.getenv("AWS_ENDPOINT_URL")
	}
	if s.id != "" && s.region != "" && s.endpoint != "" {
		return s, nil
	}
	profile := o.getenv("AWS_PROFILE")
	named := profile != ""
	if !named {
		profile = "default"
	}
	credFile, confFile := o.getenv("AWS_SHARED_CREDENTIALS_FILE"), o.getenv("AWS_CONFIG_FILE")
	if credFile == "" || confFile == "" {
		home := o.home()
		if credFile == "" && home != "" {
			credFile = filepath.Join(home, ".aws", "credentials")
		}
		if confFile == "" && home != "" {
			confFile = filepath.Join(home, ".aws", "config")
		}
	}
	cred, credOK, err := readAWSProfile(credFile, profile)
	if err != nil {
		return s, err
	}
	section := "profile " + profile
	if profile == "default" {
		section = "default"
	}
	conf, confOK, err := readAWSProfile(confFile, section)
	if err != nil {
		return s, err
	}
	if !confOK && profile == "default" {
		conf, confOK, err = readAWSProfile(confFile, "profile default")
		if err != nil {
			return s, err
		}
	}
	if named && !credOK && !confOK {
		return s, fmt.Errorf("AWS_PROFILE %q: no such profile in %s or %s", profile, credFile, confFile)
	}
	if s.id == "" {
		for _, m := range []map[string]string{cred, conf} {
			if m["aws_access_key_id"] != "" {
				s.id, s.secret, s.token = m["aws_access_key_id"], m["aws_secret_access_key"], m["aws_session_token"]
				break
			}
		}
		if s.id == "" {
			for _, m := range []map[string]string{cred, conf} {
				for _, k := range []string{"sso_session", "sso_start_url", "credential_process", "role_arn", "web_identity_token_file"} {
					if m[k] != "" {
						return s, fmt.Errorf("AWS profile %q takes its credentials from %s, which relink does not read: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (aws configure export-credentials prints them)", profile, k)
					}
				}
			}
		}
	}
	if s.region == "" {
		s.region = conf["region"]
	}
	if s.endpoint == "" {
		s.endpoint = conf["endpoint_url"]
	}
	return s, nil
}

// home returns the home directory: HOME, or the user's as the system
// gives it when the environment has none.
func (o *Opener) home() string {
	if h := o.getenv("HOME"); h != "" {
		return h
	}
	if o.Getenv != nil {
		return ""
	}
	if u, err := user.Current(); err == nil {
		return u.HomeDir
	}
	return ""
}

// readAWSProfile reads the keys of section name of an AWS shared file
// (an INI file: [section] lines, key = value lines, comments that begin
// with # or ;, indented lines of a nested setting, which are skipped).
// It reports whether the file has the section; a missing file has none.
func readAWSProfile(path, name string) (map[string]string, bool, error) {
	if path == "" {
		return nil, false, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	m := map[string]string{}
	found, in := false, false
	s := bufio.NewScanner(f)
	s.Buffer(nil, 64<<10)
	read := 0
	for s.Scan() {
		read += len(s.Bytes()) + 1
		if read > maxAWSFile {
			return nil, false, fmt.Errorf("%s: larger than %d bytes", path, maxAWSFile)
		}
		line := s.Text()
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#' || t[0] == ';':
		case t[0] == '[':
			sec := strings.Join(strings.Fields(strings.Trim(t, "[]")), " ")
			in = sec == name
			found = found || in
		case line[0] == ' ' || line[0] == '\t':
			// A nested setting (s3 =\n  addressing_style = path).
		case in:
			k, v, ok := strings.Cut(t, "=")
			if ok {
				m[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
			}
		}
	}
	if err := s.Err(); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	return m, found, nil
}
