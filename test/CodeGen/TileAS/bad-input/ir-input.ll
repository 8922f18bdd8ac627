; TileAS takes MIR; an IR function gets a clear error instead of empty output.
; RUN: not %llc -march=tileas %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: {{.*}}TileAS has no instruction selector; give llc a MIR file
define void @kernel() {
  ret void
}
