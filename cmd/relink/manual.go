package main

// A manualEntry is one entry of a list of the manual page that the help
// does not print: an exit status, an environment variable. relink.1 and
// docs/relink.md are both made from these lists.
type manualEntry struct {
	names []string // the status or the variables, alike in meaning
	text  string   // what it means, one line of plain text
}

// exitStatuses lists relink's exit statuses.
var exitStatuses = []manualEntry{
	{[]string{"0"}, "every input was processed"},
	{[]string{"1"}, "some input could not be processed, or reading or writing failed (each is reported on standard error)"},
	{[]string{"2"}, "a bad command line"},
}

// environment lists the environment variables that relink reads.
var environment = []manualEntry{
	{[]string{"GOMEMLIMIT"}, "a soft memory limit for the Go runtime; relink warc sets one of 32 MiB when it is not set"},
	{[]string{"GOGC", "GODEBUG"}, "the Go runtime's other settings, as for any Go program"},
	{[]string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"}, "the credentials that sign the requests for s3:// inputs of relink warc (without them, the requests are anonymous)"},
	{[]string{"AWS_REGION", "AWS_DEFAULT_REGION"}, "the region of s3:// inputs (the first set wins; default us-east-1)"},
	{[]string{"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"}, "an S3-compatible endpoint for s3:// inputs (the first set wins)"},
	{[]string{"AWS_PROFILE", "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE"}, "the profile and the AWS shared files (default ~/.aws/credentials and ~/.aws/config) that give the credentials, region and endpoint_url of s3:// inputs the environment does not set"},
	{[]string{"HOME"}, "the home directory, where the AWS shared files are (the user's home directory when HOME is not set)"},
	{[]string{"HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY"}, "the proxy for http://, https:// and s3:// inputs of relink warc"},
	{[]string{"SSL_CERT_FILE", "SSL_CERT_DIR"}, "the certificates that https:// and s3:// requests trust, instead of the system's"},
}
