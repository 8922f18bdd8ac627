# Writes a MIR function whose single-block loop holds N independent SHLri,
# annotated with a schedule at II 8 that puts the first in stage LAST and
# everything else in stage 0 (expansion-limits.test).
BEGIN {
  print "---"
  print "name:            wide"
  print "tracksRegLiveness: true"
  print "machineFunctionInfo:"
  print "  schedules:"
  print "    - block:           1"
  print "      ii:              8"
  print "      stageCount:      " LAST + 1
  print "      instrs:"
  for (i = 0; i < N; ++i) {
    stage = i == 0 ? LAST : 0
    printf "        - { instr: %d, opcode: SHLri, stage: %d, order: %d, cycle: %d }\n", i + 1, stage, i == 0 ? N + 1 : i, i == 0 ? 8 * LAST : 0
  }
  printf "        - { instr: %d, opcode: ADDri, stage: 0, order: 0, cycle: 0 }\n", N + 1
  printf "        - { instr: %d, opcode: SETPrr, stage: 0, order: %d, cycle: 4 }\n", N + 2, N
  print "body:             |"
  print "  bb.0:"
  print "    successors: %bb.1"
  print "    liveins: $r0"
  print "    %n:gpr32 = COPY $r0"
  print "    %zero:gpr32 = MOVri 0"
  print "  bb.1:"
  print "    successors: %bb.1, %bb.2"
  print "    %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1"
  for (i = 0; i < N; ++i)
    printf "    %%y%d:gpr32 = SHLri %%k, 6\n", i
  print "    %k_next:gpr32 = ADDri %k, 1"
  print "    %more:pred = SETPrr %k_next, %n, 2"
  print "    BR_P %more, %bb.1"
  print "    BRA %bb.2"
  print "  bb.2:"
  print "    RET"
  print "..."
}
