// Package remote opens a file by its location, a path, an http:// or
// https:// URL or an s3:// object, and reads it to its end or fails with
// the reason, across dropped connections and servers that stall.
//
// It is the reader of relink warc's remote WARC files, for programs that
// read crawls where they are stored (Common Crawl's files on S3 or over
// HTTPS) without copying them to disk first. An Opener bounds every wait
// (the response headers, the next bytes of a body, a Retry-After),
// retries what can succeed the next time, takes up a transfer cut off in
// the middle with a Range request when the rest is sure to be of the same
// file, signs S3 requests with AWS Signature Version 4 when credentials
// are set, and follows redirects without sending credentials to another
// origin. A file that cannot be read ends with an *Error that says why.
package remote
