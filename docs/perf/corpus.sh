#!/usr/bin/env bash
# Rebuilds the performance corpus (see README.md): public Flink code at fixed
# commits, extracted into CORPUS/OWNER+NAME. Nothing of it is committed.
#
#   docs/perf/corpus.sh [CORPUS [MIRRORS]]
#
# CORPUS defaults to /tmp/corpus. MIRRORS holds a git directory per
# repository, MIRRORS/OWNER+NAME/repo (a clone, bare or not); a missing one
# is cloned bare from GitHub (shuai-xu/flink, a whole Flink fork, is large).
set -u
C=${1:-/tmp/corpus}
M=${2:-/work/.mirror}
while read repo commit; do
  d=$C/${repo/\//+}
  g=$M/${repo/\//+}/repo
  [ -d $g ] || git clone -q --bare https://github.com/$repo.git $g
  [ -d $g/.git ] && g=$g/.git
  rm -rf $d; mkdir -p $d
  if [ $repo = shuai-xu/flink ]; then
    paths="flink-end-to-end-tests flink-examples flink-scala flink-streaming-java flink-streaming-scala flink-table"
  else paths=""; fi
  if ! git --git-dir=$g archive $commit $paths | tar -x -C $d 2>/dev/null; then
    echo "archive failed $repo, per file"; rm -rf $d; mkdir -p $d
    git --git-dir=$g ls-tree -r $commit $paths | while read mode type sha path; do
      [ $type = blob ] || continue
      mkdir -p "$d/$(dirname "$path")"
      git --git-dir=$g cat-file blob $sha > "$d/$path" 2>/dev/null || rm -f "$d/$path"
    done
  fi
  echo "$repo $(find $d -type f | wc -l)"
done <<'L'
shuai-xu/flink 28bcbd0cf68a4e1820bc091a8be0417f060dd01c
apache/flink-cdc 23fb108e9bea7f689230fa188e5f80c6eef0dbc3
apache/flink-connector-kafka eb8ff700b2390d5bc3a8c67fcdb3f3ad93824e24
apache/flink-kubernetes-operator 6e9caeb48118934f4311534725196c52159eaa21
apache/flink-training dc81157f826649b6084d968689f623ce41a1b46c
flink-extended/flink-scala-api 80ca7164271faa12431fb2acc7ee64063662dc15
streaming-with-flink/examples-java 86e45cbac94dea40208701bbf1eb34904d5352c9
streaming-with-flink/examples-scala c188681d8dc2f1ca4945e9bf234a92011c2e292b
ververica/flink-sql-cookbook aa0bd978b1116a073e094ceea44ecd659ae3cefd
ververica/flink-training-exercises 6c93e54ab5022ccf25d030236e3e76a1d01e3c81
L
