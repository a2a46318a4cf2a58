package weburl

import "testing"

func TestRelative(t *testing.T) {
	tests := []struct{ base, target, want string }{
		{"http://h/a/b/c.html", "http://h/a/b/d.html", "d.html"},
		{"http://h/a/b/c.html", "http://h/a/x/d.html", "../x/d.html"},
		{"http://h/a/b/c.html", "http://h/d.html", "../../d.html"},
		{"http://h/a/b/c.html", "http://h/a/b/", "./"},
		{"http://h/a/b/c.html", "http://h/a/b/c.html#top", "#top"},
		{"http://h/a/b/c.html?q=1", "http://h/a/b/c.html", "c.html"},
		{"http://h/a/b/c.html?q=1", "http://h/a/b/c.html?q=2", "?q=2"},
		{"http://h/a/b/c.html", "http://h/a/b/c.html", "c.html"},
		{"http://h/a/b/c.html", "http://h/a/b/x:y", "./x:y"},
		{"http://h/a/b/c.html", "https://h/a/b/d.html", "https://h/a/b/d.html"},
		{"http://h/a/b/c.html", "http://other/a/b/d.html", "http://other/a/b/d.html"},
		{"http://h:8080/a/", "http://h/a/b", "http://h/a/b"},
		{"http://h/a/b/c.html", "http://h/a/b/d%C3%BC.html?q=%E4", "d%C3%BC.html?q=%E4"},
		{"http://h/", "http://h/", "./"},
		{"http://h/a//b/c", "http://h/a/b/c", "../../b/c"},
		{"mailto:x@y", "mailto:z@y", "mailto:z@y"},
		{"file:///C:/dir/a.html", "file:///C:/dir/b.html", "b.html"},
	}
	for _, tt := range tests {
		b, err := Parse(tt.base, nil)
		if err != nil {
			t.Fatal(err)
		}
		u, err := Parse(tt.target, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := Relative(b, u)
		if got != tt.want {
			t.Errorf("Relative(%q, %q) = %q, want %q", tt.base, tt.target, got, tt.want)
		}
		if r, err := Parse(got, b); err != nil || r.String() != u.String() {
			t.Errorf("Relative(%q, %q) = %q resolves to %v, %v", tt.base, tt.target, got, r, err)
		}
	}
}

func FuzzRelative(f *testing.F) {
	f.Add("http://h/a/b/c.html?q", "http://h/a/x/../y;z?w#f")
	f.Fuzz(func(t *testing.T, base, target string) {
		b, err := Parse(base, nil)
		if err != nil {
			return
		}
		u, err := Parse(target, b)
		if err != nil {
			return
		}
		rel := Relative(b, u)
		if r, err := Parse(rel, b); err != nil || r.String() != u.String() {
			t.Fatalf("Relative(%q, %q) = %q resolves to %v, %v", b, u, rel, r, err)
		}
	})
}
