module github.com/relink-go/relink

go 1.26.0

require (
	github.com/andybalholm/brotli v1.2.8
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)
