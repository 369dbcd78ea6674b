package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// The two ways a change causes a finding on a line it does not
// touch, each tried with every only-new path and its real client: git for
// -new-from-rev and -new-from-merge-base, the file list a pre-commit hook
// passes, and reviewdog's diff filters. In each, the finding reaches the
// user on a changed line.

// streamDefaults is a shared strategy without idleness, right while the
// job reads a bounded file and wrong once it reads Kafka.
const streamDefaults = `package com.example;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

public class StreamDefaults {
    public static WatermarkStrategy<String> strategy() {
        return WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((e, ts) -> Long.parseLong(e));
    }
}
`

// fileJob is the job before the change; line 13 builds its source.
const fileJob = `package com.example;

import java.time.Duration;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

public class Job {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        FileSource<String> source = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path("in")).build();
        env.fromSource(source, StreamDefaults.strategy(), "events")
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
        env.execute("job");
    }
}
`

const (
	defaultsPath = "src/main/java/com/example/StreamDefaults.java"
	jobPath      = "src/main/java/com/example/Job.java"
)

// kafkaJob is fileJob switched to Kafka: only line 13 (and an import)
// changes.
var kafkaJob = strings.Replace(fileJob,
	`        FileSource<String> source = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path("in")).build();`,
	`        KafkaSource<String> source = KafkaSource.<String>builder().setTopics("events").build();`, 1)

// idleJob reads Kafka with a strategy whose .withIdleness(...) sits on
// line 14, alone.
const idleJob = `package com.example;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

public class Job {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        KafkaSource<String> source = KafkaSource.<String>builder().setTopics("events").build();
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withIdleness(Duration.ofMinutes(1))
                .withTimestampAssigner((e, ts) -> Long.parseLong(e));
        env.fromSource(source, strategy, "events")
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
        env.execute("job");
    }
}
`

// withoutIdleness is idleJob after a pull request that only deletes the
// line of .withIdleness(...): a pure deletion, no line added.
var withoutIdleness = strings.Replace(idleJob, "                .withIdleness(Duration.ofMinutes(1))\n", "", 1)

// writeJob writes text into the job's file.
func writeJob(t *testing.T, dir, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, jobPath), []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

// idlenessFinding matches the missing-idleness finding in the text format.
var idlenessFinding = regexp.MustCompile(`(?m)^(\S+):(\d+):\d+: warning: .* \[missing-idleness\]$`)

// onlyIdleness returns the path and line of the one missing-idleness
// finding of out, failing when there is not exactly one.
func onlyIdleness(t *testing.T, what, out string) (string, string) {
	t.Helper()
	m := idlenessFinding.FindAllStringSubmatch(out, -1)
	if len(m) != 1 {
		t.Fatalf("%s: want one missing-idleness finding, got:\n%s", what, out)
	}
	return m[0][1], m[0][2]
}

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
}

// The job switches to Kafka; the strategy in StreamDefaults.java, not
// changed, is now wrong. Each path reports it on the changed source line
// of Job.java and names where it is.
func TestOnlyNewCrossFile(t *testing.T) {
	needGit(t)
	dir := gitRepo(t, map[string]string{defaultsPath: streamDefaults, jobPath: fileJob})
	if _, out, _ := flinklint(t, dir, "."); idlenessFinding.MatchString(out) {
		t.Fatalf("a bounded file source needs no idleness:\n%s", out)
	}
	writeJob(t, dir, kafkaJob)
	if _, out, _ := flinklint(t, dir, "."); !strings.Contains(out, defaultsPath+":8:") {
		t.Fatalf("a whole run reports the strategy at StreamDefaults.java:8:\n%s", out)
	}
	// The diff changed line 13, where the source is built; to the hook, the
	// whole file is new, and the first evidence in it is fromSource's line.
	check := func(what, want string, args ...string) {
		t.Helper()
		code, out, errOut := flinklint(t, dir, args...)
		path, line := onlyIdleness(t, what, out)
		if code != 1 || path != jobPath || line != want || !strings.Contains(out, "(found in StreamDefaults.java)") {
			t.Errorf("%s: exit %d, want the finding on %s:%s saying where it was found:\n%s%s", what, code, jobPath, want, out, errOut)
		}
	}
	check("-new-from-rev HEAD", "13", "-new-from-rev", "HEAD")
	check("the hook's file list", "14", jobPath)
	// The hook's moved finding is matched by a baseline where it was found,
	// and its fix, which edits StreamDefaults.java, is not applied by a
	// hook given Job.java alone.
	if code, _, errOut := flinklint(t, dir, "-write-baseline", "b.json", "."); code != 0 {
		t.Fatalf("-write-baseline: exit %d\n%s", code, errOut)
	}
	if _, out, errOut := flinklint(t, dir, "-baseline", "b.json", jobPath); idlenessFinding.MatchString(out) {
		t.Errorf("the baseline does not hide the hook's finding:\n%s%s", out, errOut)
	}
	if err := os.Remove(filepath.Join(dir, "b.json")); err != nil {
		t.Fatal(err)
	}
	if _, out, _ := flinklint(t, dir, "-diff", "-unsafe-fixes", jobPath); strings.Contains(out, "StreamDefaults") {
		t.Errorf("-diff given Job.java patches StreamDefaults.java:\n%s", out)
	}
	git(t, dir, "checkout", "-q", "-b", "topic")
	git(t, dir, "commit", "-q", "-am", "read Kafka")
	check("-new-from-merge-base main", "13", "-new-from-merge-base", "main")
	for _, mode := range []string{"added", "diff_context"} {
		if out := reviewdogLocal(t, dir, mode, "-new-from-merge-base", "main"); !strings.Contains(out, jobPath+":13:") || !strings.Contains(out, "missing-idleness") {
			t.Errorf("reviewdog -filter-mode=%s drops the finding:\n%s", mode, out)
		}
	}
}

// A pull request only deletes .withIdleness(...). The finding, on the
// strategy's first line, which the diff does not touch, is reported on
// the line next to the deletion.
func TestOnlyNewDeletedLine(t *testing.T) {
	needGit(t)
	dir := gitRepo(t, map[string]string{jobPath: idleJob})
	git(t, dir, "checkout", "-q", "-b", "topic")
	writeJob(t, dir, withoutIdleness)
	git(t, dir, "commit", "-q", "-am", "no idleness")
	_, whole, _ := flinklint(t, dir, ".")
	_, at := onlyIdleness(t, "a whole run", whole)
	for _, args := range [][]string{{"-new-from-merge-base", "main"}, {"-new-from-rev", "main"}} {
		code, out, errOut := flinklint(t, dir, args...)
		path, line := onlyIdleness(t, strings.Join(args, " "), out)
		if code != 1 || path != jobPath || line != at || at != "13" {
			t.Errorf("%v: exit %d, want the finding on line 13, next to the deletion, where a whole run has it (%s):\n%s%s", args, code, at, out, errOut)
		}
	}
	// No line was added, so reviewdog's -filter-mode=added can show nothing;
	// diff_context shows the lines around the deletion.
	if out := reviewdogLocal(t, dir, "diff_context", "-new-from-merge-base", "main"); !strings.Contains(out, "missing-idleness") {
		t.Errorf("reviewdog -filter-mode=diff_context drops the finding:\n%s", out)
	}
}

// reviewdogLocal runs flinklint with args and rdjsonl output into the real
// reviewdog's local reporter, filtering by the diff from main, as a
// workflow would; it skips the test when reviewdog is not on PATH.
func reviewdogLocal(t *testing.T, dir, mode string, args ...string) string {
	t.Helper()
	rd, err := exec.LookPath("reviewdog")
	if err != nil {
		t.Skip("reviewdog is not on PATH")
	}
	_, out, _ := flinklint(t, dir, append(args, "-format", "rdjsonl")...)
	cmd := exec.Command(rd, "-f=rdjsonl", "-reporter=local", "-filter-mode="+mode, "-diff=git diff main")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(out)
	got, err := cmd.CombinedOutput()
	if err != nil && !strings.Contains(string(got), "missing-idleness") {
		t.Fatalf("reviewdog -filter-mode=%s: %v\n%s", mode, err, got)
	}
	return string(got)
}

// The text format's details follow -details; unset, they are off on a
// pipe (the tests' stdout is a buffer).
func TestDetailsFlag(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": buggy})
	for _, c := range []struct {
		args []string
		want bool
	}{{nil, false}, {[]string{"-details"}, true}, {[]string{"-details=false"}, false}, {[]string{"-details=true", "-format", "json"}, false}} {
		_, out, errOut := flinklint(t, dir, append(c.args, ".")...)
		if got := strings.Contains(out, "\n    help: "); got != c.want || errOut != "" {
			t.Errorf("%v: help lines %t, want %t:\n%s%s", c.args, got, c.want, out, errOut)
		}
	}
	if code, _, errOut := flinklint(t, dir, "-details=sometimes", "."); code != 2 || !strings.Contains(errOut, "-details") {
		t.Errorf("-details=sometimes: exit %d, %s", code, errOut)
	}
}

// reviewStandIn is a stand-in for GitHub's API for a pull request whose
// files and patches are given: it returns the reviews posted, each as
// its JSON request.
func reviewStandIn(t *testing.T, files []map[string]string) *[]string {
	t.Helper()
	var mu sync.Mutex
	posted := &[]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodPost:
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			*posted = append(*posted, string(body))
			mu.Unlock()
			io.WriteString(w, `{"id":1}`)
		case strings.HasSuffix(r.URL.Path, "/pulls/7/files"):
			json.NewEncoder(w).Encode(files)
		default:
			io.WriteString(w, "[]") // comments, reviews
		}
	}))
	t.Cleanup(srv.Close)
	event := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(event, []byte(`{"number":7,"pull_request":{"number":7,"head":{"sha":"headsha"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"GITHUB_TOKEN": "token", "GITHUB_REPOSITORY": "acme/jobs", "GITHUB_EVENT_PATH": event, "GITHUB_API_URL": srv.URL, "GITHUB_WORKSPACE": ""} {
		t.Setenv(k, v)
	}
	return posted
}

// postedBody is the body of a review posted to the stand-in.
func postedBody(t *testing.T, posted string) string {
	t.Helper()
	var req struct{ Body string }
	if err := json.Unmarshal([]byte(posted), &req); err != nil {
		t.Fatal(err)
	}
	return req.Body
}

// patchOf is the patch of path in dir since rev as the pull-request
// files API returns it: hunks, no file header.
func patchOf(t *testing.T, dir, rev, path string) string {
	t.Helper()
	cmd := exec.Command("git", "diff", rev, "--", path)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	_, hunks, _ := strings.Cut(string(out), "\n@@")
	return "@@" + hunks
}

// The review, against the stand-in, of the two scenarios: the finding
// of the unchanged StreamDefaults.java is commented on the job's added
// source line, saying where it is; the finding next to a deletion is
// commented inline, not left in the body.
func TestReviewOnlyNew(t *testing.T) {
	needGit(t)
	type review struct {
		Body     string
		Comments []struct {
			Path string
			Line int
			Body string
		}
	}
	post := func(t *testing.T, dir string, files []map[string]string) review {
		t.Helper()
		posted := reviewStandIn(t, files)
		code, _, errOut := flinklint(t, dir, "review", "-no-cache", ".")
		if code != 1 || len(*posted) != 1 {
			t.Fatalf("exit %d, %d reviews:\n%s", code, len(*posted), errOut)
		}
		var r review
		if err := json.Unmarshal([]byte((*posted)[0]), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	comment := func(r review, rule string) (string, int, string) {
		for _, c := range r.Comments {
			if strings.Contains(c.Body, rule) {
				return c.Path, c.Line, c.Body
			}
		}
		return "", 0, ""
	}

	t.Run("cross-file", func(t *testing.T) {
		dir := gitRepo(t, map[string]string{defaultsPath: streamDefaults, jobPath: fileJob})
		writeJob(t, dir, kafkaJob)
		r := post(t, dir, []map[string]string{{"filename": jobPath, "status": "modified", "patch": patchOf(t, dir, "HEAD", jobPath)}})
		path, line, body := comment(r, "missing-idleness")
		if path != jobPath || line != 13 || !strings.Contains(body, "StreamDefaults.java") {
			t.Errorf("want the comment on %s:13 naming StreamDefaults.java, got %s:%d:\n%s\nbody:\n%s", jobPath, path, line, body, r.Body)
		}
	})
	t.Run("deleted line", func(t *testing.T) {
		dir := gitRepo(t, map[string]string{jobPath: idleJob})
		writeJob(t, dir, withoutIdleness)
		r := post(t, dir, []map[string]string{{"filename": jobPath, "status": "modified", "patch": patchOf(t, dir, "HEAD", jobPath)}})
		if path, line, body := comment(r, "missing-idleness"); path != jobPath || line < 11 || line > 17 {
			t.Errorf("want an inline comment on the hunk around the deletion, got %s:%d:\n%s\nbody:\n%s", path, line, body, r.Body)
		}
	})
}
