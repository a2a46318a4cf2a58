package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tests := []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{nil, false, "relink (devel)"},
		{&debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "v1.2.3"}}, true, "relink v1.2.3 go1.26.1"},
		{&debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"}}, true, "relink (devel) go1.26.1"},
		{&debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs", "git", "vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-11-24T06:00:00Z", "vcs.modified", "true")},
			true, "relink 0123456789ab+modified 2026-11-24T06:00:00Z go1.26.1"},
		{&debug.BuildInfo{Main: debug.Module{Version: ""}, Settings: vcs("vcs.revision", "abc", "vcs.modified", "false")},
			true, "relink abc"},
	}
	for _, tt := range tests {
		if got := versionLine(tt.bi, tt.ok); got != tt.want {
			t.Errorf("versionLine(%+v) = %q, want %q", tt.bi, got, tt.want)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	want := versionLine(debug.ReadBuildInfo()) + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		got := runString(args, "")
		if got.code != 0 || got.stdout != want || got.stderr != "" {
			t.Errorf("relink %s: status %d, stdout %q, stderr %q; want %q", args[0], got.code, got.stdout, got.stderr, want)
		}
	}
	if !strings.HasPrefix(want, "relink ") {
		t.Errorf("version line %q", want)
	}
	if got := runString([]string{"version", "extra"}, ""); got.code != exitUsage {
		t.Errorf("relink version extra: status %d, want %d", got.code, exitUsage)
	}
}
