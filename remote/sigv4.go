package remote

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"sort"
	"strings"
	"time"
)

// emptySHA256 is the SHA-256 of an empty payload, hex-encoded.
const emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

// A sigV4 signs requests with AWS Signature Version 4, in its header
// form, for requests without a payload (GET).
type sigV4 struct {
	id, secret, token string
	region, service   string
	now               func() time.Time // nil means time.Now
}

// sign adds X-Amz-Date, X-Amz-Content-Sha256, X-Amz-Security-Token (with
// a session token) and Authorization to req. The signed headers are Host,
// Range when the request has one, and the X-Amz- headers.
func (s *sigV4) sign(req *http.Request) {
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	t := now().UTC()
	stamp := t.Format("20060102T150405Z")
	day := stamp[:8]
	req.Header.Set("X-Amz-Date", stamp)
	req.Header.Set("X-Amz-Content-Sha256", emptySHA256)
	if s.token != "" {
		req.Header.Set("X-Amz-Security-Token", s.token)
	}
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	headers := map[string]string{"host": host}
	for name, v := range req.Header {
		l := strings.ToLower(name)
		if l == "range" || strings.HasPrefix(l, "x-amz-") {
			headers[l] = strings.TrimSpace(strings.Join(v, ","))
		}
	}
	names := make([]string, 0, len(headers))
	for n := range headers {
		names = append(names, n)
	}
	sort.Strings(names)
	var canon strings.Builder
	canon.WriteString(req.Method + "\n")
	canon.WriteString(req.URL.EscapedPath() + "\n")
	canon.WriteString("\n") // the canonical query: object URLs have none
	for _, n := range names {
		canon.WriteString(n + ":" + headers[n] + "\n")
	}
	signed := strings.Join(names, ";")
	canon.WriteString("\n" + signed + "\n" + emptySHA256)

	scope := day + "/" + s.region + "/" + s.service + "/aws4_request"
	sum := sha256.Sum256([]byte(canon.String()))
	toSign := "AWS4-HMAC-SHA256\n" + stamp + "\n" + scope + "\n" + hex.EncodeToString(sum[:])
	key := hmacSHA256([]byte("AWS4"+s.secret), day)
	key = hmacSHA256(key, s.region)
	key = hmacSHA256(key, s.service)
	key = hmacSHA256(key, "aws4_request")
	sig := hex.EncodeToString(hmacSHA256(key, toSign))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+s.id+"/"+scope+
		",SignedHeaders="+signed+",Signature="+sig)
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}
