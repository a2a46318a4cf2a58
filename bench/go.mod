module github.com/relink-go/relink/bench

go 1.26.0

require github.com/relink-go/relink v0.0.0

require (
	github.com/PuerkitoBio/goquery v1.13.0
	github.com/tdewolff/parse/v2 v2.8.20
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	github.com/andybalholm/brotli v1.2.8 // indirect
	github.com/andybalholm/cascadia v1.3.4 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/nlnwa/whatwg-url v0.6.2
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

replace github.com/relink-go/relink => ../
