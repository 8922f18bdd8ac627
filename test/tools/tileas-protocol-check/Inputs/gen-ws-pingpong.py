#!/usr/bin/env python3
"""Writes a warp-specialized two-query-tile ping-pong attention loop as MIR.

The size of bench/corpus/fmha-fwd-pingpong.mir after warp specialization: a
compute, a load and an MMA agent; 8 pipes and 4 mutexes. Written by hand
until tileas-materialize-schedule -tileas-pipeline-strategy=warp-specialized
emits it:

  pipe 0      K and V of iteration k (one slot: the acquire guards the K
              load, which stands for both, as in a fused ring), depth
              --kv-depth: the load agent's TMA fills it, the MMA agent's
              tensor core reads it and releases it after the last PV MMA;
  pipes 1, 2  S_t = Q_t K^T (t = 0, 1), depth 1: the MMA agent acquires it,
              its tensor core writes and commits it; the compute agent reads
              it through PIPE_TMEM and releases it;
  pipes 3, 4  P_t, depth 1: the compute agent stores it (STS) and commits it;
              the MMA agent's tensor core reads it in the PV MMA and releases
              it;
  pipes 5, 6  the drains of O_t: committed by the MMA agent's tensor core
              after its loop, waited for by the compute agent;
  pipe 7      Q, loaded once before the dispatch (a consumer-only pipe),
              waited for by the MMA agent before its loop;
  mutexes     over S_t (MMA agent: QK MMA, unlocked by the tensor core;
              compute agent: the reads) and over O_t (compute agent: the
              correction, first; MMA agent: the PV MMA). Each is taken
              after the ring that orders the two agents, so that a side
              unlocked by the tensor core cannot lock again before its
              unlock has landed (see ws-tmem-mutex.mir).

--mistake seeds one error: 'no-s-release' (the compute agent never releases
S_0), 'kv-early-release' (the MMA agent's tensor core releases K/V after
the QK MMAs, before the PV MMAs have read V), 'o-lock-early' (the MMA agent
locks O_0 before it waits for P_0: it can lock again before its tensor
core's unlock has landed, while the compute agent is inside).
"""

import argparse

COMPUTE, LOAD, MMA = 1, 2, 3
TMA, TC = 5, 7  # 1 + event pipe, as PIPE_CREATE names them


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kv-depth", type=int, default=2)
    ap.add_argument("--mistake", default="")
    a = ap.parse_args()
    out = []
    w = out.append

    w("---")
    w("name:            ws_fmha_pingpong")
    w("tracksRegLiveness: true")
    w("liveins:")
    for r in ("$rd0", "$rd1", "$rd2", "$rd3", "$r0"):
        w("  - { reg: '%s' }" % r)
    w("body:             |")
    w("  bb.0:")
    w("    successors: %bb.3, %bb.1")
    w("    liveins: $rd0, $rd1, $rd2, $rd3, $r0")
    w("")
    w("    %desc_q:gpr64 = COPY $rd0")
    w("    %desc_k:gpr64 = COPY $rd1")
    w("    %desc_v:gpr64 = COPY $rd2")
    w("    %out:gpr64 = COPY $rd3")
    w("    %n:gpr32 = COPY $r0")
    w("    %zero:gpr32 = MOVri 0")
    for t in (0, 1):
        w("    %%s%d_buf:tmem = TMEM_ALLOC 128" % t)
        w("    %%o%d_buf:tmem = TMEM_ALLOC 64" % t)
    # pipe, depth, bytes, full, empty, producer, consumer, first, step,
    # pagent, cagent
    w("    PIPE_CREATE 0, %d, 32768, 1, 2, %d, %d, %%zero, 1, %d, %d"
      % (a.kv_depth, TMA, TC, LOAD, MMA))
    for t in (0, 1):
        w("    PIPE_CREATE %d, 1, 0, %d, %d, %d, 0, %%zero, 1, %d, %d"
          % (1 + t, 3 + 2 * t, 4 + 2 * t, TC, MMA, COMPUTE))
        w("    PIPE_CREATE %d, 1, 16384, %d, %d, 0, %d, %%zero, 1, %d, %d"
          % (3 + t, 7 + 2 * t, 8 + 2 * t, TC, COMPUTE, MMA))
        w("    PIPE_CREATE %d, 1, 0, %d, 0, %d, 0, %%zero, 1, %d, %d"
          % (5 + t, 11 + t, TC, MMA, COMPUTE))
    w("    PIPE_CREATE 7, 1, 0, 13, 0, %d, 0, %%zero, 1, 0, %d" % (TMA, MMA))
    w("    %q0:tile = TMA_LOAD %desc_q, %zero, %zero, 16384")
    w("    %q1:tile = TMA_LOAD %desc_q, %zero, %zero, 16384")
    w("    PIPE_PRODUCER_COMMIT 7, 13, %zero")
    w("    %w:gpr32 = WARP_IDX")
    w("    %to_compute:pred = SETPri %w, 4, 2")
    w("    BR_P %to_compute, %bb.3")
    w("    BRA %bb.1")
    w("")
    w("  bb.1:")
    w("    successors: %bb.5, %bb.2")
    w("")
    w("    %to_load:pred = SETPri %w, 5, 2")
    w("    BR_P %to_load, %bb.5")
    w("    BRA %bb.2")
    w("")

    # The MMA agent.
    w("  bb.2:")
    w("    successors: %bb.7")
    w("")
    w("    AGENT_SWITCH 3, 1, 40, 0, 5")
    w("    PIPE_CONSUMER_WAIT 7, 13, %zero")
    w("    BRA %bb.7")
    w("")
    w("  bb.7:")
    w("    successors: %bb.7, %bb.8")
    w("")
    w("    %mk:gpr32 = PHI %zero, %bb.2, %mk_next, %bb.7")
    w("    PIPE_CONSUMER_WAIT 0, 1, %mk")
    w("    %kv:tile = PIPE_TILE 0, %mk, 0")
    for t in (0, 1):
        w("    PIPE_PRODUCER_ACQUIRE %d, %d, %%mk" % (1 + t, 4 + 2 * t))
        w("    MUTEX_LOCK %d, 0" % (20 + t))
        w("    %%s%d:tmem = MMA_TMEM %%s%d_buf, %%q%d, %%kv, 0, 65536"
          % (t, t, t))
        w("    PIPE_PRODUCER_COMMIT %d, %d, %%mk" % (1 + t, 3 + 2 * t))
        w("    MUTEX_UNLOCK %d, %d" % (20 + t, TC))
    if a.mistake == "kv-early-release":
        w("    PIPE_CONSUMER_RELEASE 0, 2, %mk")
    for t in (0, 1):
        wait = "    PIPE_CONSUMER_WAIT %d, %d, %%mk" % (3 + t, 7 + 2 * t)
        lock = "    MUTEX_LOCK %d, 1" % (22 + t)
        early = a.mistake == "o-lock-early" and t == 0
        w(lock if early else wait)
        w(wait if early else lock)
        w("    %%p%d:tile = PIPE_TILE %d, %%mk, 0" % (t, 3 + t))
        w("    %%o%d:tmem = MMA_TMEM %%o%d_buf, %%p%d, %%kv, 0, 32768"
          % (t, t, t))
        w("    MUTEX_UNLOCK %d, %d" % (22 + t, TC))
        w("    PIPE_CONSUMER_RELEASE %d, %d, %%mk" % (3 + t, 8 + 2 * t))
    if a.mistake != "kv-early-release":
        w("    PIPE_CONSUMER_RELEASE 0, 2, %mk")
    w("    %mk_next:gpr32 = ADDri %mk, 1")
    w("    %mmore:pred = SETPrr %mk_next, %n, 2")
    w("    BR_P %mmore, %bb.7")
    w("    BRA %bb.8")
    w("")
    w("  bb.8:")
    for t in (0, 1):
        w("    PIPE_PRODUCER_ACQUIRE %d, %d, %%mk_next" % (1 + t, 4 + 2 * t))
    w("    PIPE_PRODUCER_COMMIT 5, 11, %zero")
    w("    PIPE_PRODUCER_COMMIT 6, 12, %zero")
    w("    RET")
    w("")

    # The compute agent.
    w("  bb.3:")
    w("    successors: %bb.4")
    w("")
    w("    AGENT_SWITCH 1, 4, 232, 1, 0")
    w("    BRA %bb.4")
    w("")
    w("  bb.4:")
    w("    successors: %bb.4, %bb.9")
    w("")
    w("    %ck:gpr32 = PHI %zero, %bb.3, %ck_next, %bb.4")
    for t in (0, 1):
        w("    PIPE_CONSUMER_WAIT %d, %d, %%ck" % (1 + t, 3 + 2 * t))
        w("    MUTEX_LOCK %d, 1" % (20 + t))
        w("    %%sv%d:tmem = PIPE_TMEM %d, %%ck, 0" % (t, 1 + t))
        w("    %%sf%d:frag = TMEM_LD %%sv%d" % (t, t))
        w("    MUTEX_UNLOCK %d, 0" % (20 + t))
        if not (a.mistake == "no-s-release" and t == 0):
            w("    PIPE_CONSUMER_RELEASE %d, %d, %%ck" % (1 + t, 4 + 2 * t))
        w("    %%pf%d:frag = EX2 %%sf%d" % (t, t))
        w("    MUTEX_LOCK %d, 0" % (22 + t))
        w("    %%of%d:frag = TMEM_LD %%o%d_buf" % (t, t))
        w("    %%ofs%d:frag = FMUL %%of%d, %%pf%d" % (t, t, t))
        w("    %%oc%d:tmem = TMEM_ST %%o%d_buf, %%ofs%d" % (t, t, t))
        w("    MUTEX_UNLOCK %d, 0" % (22 + t))
        w("    PIPE_PRODUCER_ACQUIRE %d, %d, %%ck" % (3 + t, 8 + 2 * t))
        w("    %%pt%d:tile = STS %%pf%d, 16384" % (t, t))
        w("    PIPE_PRODUCER_COMMIT %d, %d, %%ck" % (3 + t, 7 + 2 * t))
    w("    %ck_next:gpr32 = ADDri %ck, 1")
    w("    %cmore:pred = SETPrr %ck_next, %n, 2")
    w("    BR_P %cmore, %bb.4")
    w("    BRA %bb.9")
    w("")
    w("  bb.9:")
    for t in (0, 1):
        w("    PIPE_CONSUMER_WAIT %d, %d, %%zero" % (5 + t, 11 + t))
        w("    %%fin%d:frag = TMEM_LD %%o%d_buf" % (t, t))
        w("    STG_F %%fin%d, %%out, %d" % (t, 16 * t))
    # The tails last: an acquire guards the next data instruction.
    for t in (0, 1):
        w("    PIPE_PRODUCER_ACQUIRE %d, %d, %%ck_next" % (3 + t, 8 + 2 * t))
    w("    RET")
    w("")

    # The load agent.
    w("  bb.5:")
    w("    successors: %bb.6")
    w("")
    w("    AGENT_SWITCH 2, 1, 40, 0, 4")
    w("    BRA %bb.6")
    w("")
    w("  bb.6:")
    w("    successors: %bb.6, %bb.10")
    w("")
    w("    %lk:gpr32 = PHI %zero, %bb.5, %lk_next, %bb.6")
    w("    %ky:gpr32 = SHLri %lk, 7")
    w("    PIPE_PRODUCER_ACQUIRE 0, 2, %lk")
    w("    %kt:tile = TMA_LOAD %desc_k, %zero, %ky, 16384")
    w("    %vt:tile = TMA_LOAD %desc_v, %zero, %ky, 16384")
    w("    PIPE_PRODUCER_COMMIT 0, 1, %lk")
    w("    %lk_next:gpr32 = ADDri %lk, 1")
    w("    %lmore:pred = SETPrr %lk_next, %n, 2")
    w("    BR_P %lmore, %bb.6")
    w("    BRA %bb.10")
    w("")
    w("  bb.10:")
    prev = "%lk_next"
    for d in range(a.kv_depth):
        if d:
            w("    %%tail%d:gpr32 = ADDri %%lk_next, %d" % (d, d))
            prev = "%%tail%d" % d
        w("    PIPE_PRODUCER_ACQUIRE 0, 2, %s" % prev)
    w("    RET")
    w("...")
    print("\n".join(out))


if __name__ == "__main__":
    main()
