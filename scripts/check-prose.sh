#!/usr/bin/env bash
# The repository's text speaks of the product as it is: no narration of how the work was
# organised (sessions, rounds of work, issue numbers) and no commit hashes in the Markdown as
# history; git holds the history. CI runs this; it prints every offending line and fails.
#
# Usage: scripts/check-prose.sh   (from anywhere inside the repository)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

# Files that are not our prose: third-party schemas, lock files, pictures, this script.
exclude=(
  ':(exclude)Cargo.lock'
  ':(exclude)LICENSE'
  ':(exclude)*.svg'
  ':(exclude)docs/ci/schemas/*'
  ':(exclude)cli/tests/data/ci-schemas/*'
  ':(exclude)crates/*/data/*'
  ':(exclude)scripts/check-prose.sh'
)

status=0
# report WHAT PATHSPEC GREP-ARGS...
report() {
  local what=$1 paths=$2
  shift 2
  local found
  if found=$(git grep -n -I "$@" -- "$paths" "${exclude[@]}"); then
    printf 'check-prose: %s:\n%s\n' "$what" "$found" >&2
    status=1
  fi
}

ordinals='first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth'
report "issue numbers (history belongs in git)" . -i -E '\bissues? #?[0-9]+'
report "sessions of work" . -i -E '\bsessions?\b'
report "rounds of work" . -i -E "\\b(this|last|next|previous|earlier|later|that|each|$ordinals) rounds?\\b|\\brounds? (of work|[0-9]+)\\b"
report "who did the work" . -i -E '\bhelpers?\b'
# A commit hash in a README or BENCHMARKS.md dates a figure to a moment of the work; the
# figure's date and command say what a reader needs.
report "commit hashes in Markdown" '*.md' -P '(?<!git )(?<![#/\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w-])'

exit $status
