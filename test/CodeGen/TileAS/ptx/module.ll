; The module around a kernel: the PTX header of each target, the arena
; declaration, one .visible .entry with the .param ABI of docs/ptx.md (a
; pointer a TMA reads as its descriptor is a tensor map passed by value and
; read through cvta.param; other pointers are .u64 made global addresses;
; scalars by their type; unused ones too), .reqntid, .minnctapersm 1 (one
; CTA per SM: ptxas keeps its registers rather than spill for an occupancy
; the arena does not allow), and none of the
; directives ptxas does not know (.text, .type, .size, one-argument .file;
; .globl is a comment).
; RUN: %llc -march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=none %s -o - \
; RUN:   | FileCheck %s --implicit-check-not=.text --implicit-check-not=.type \
; RUN:       --implicit-check-not=.size --implicit-check-not=.file
; RUN: %llc -march=tileas -mcpu=sm_100f -tileas-pipeline-strategy=none %s -o - \
; RUN:   | FileCheck %s --check-prefix=FAMILY
; RUN: %llc -march=tileas -mcpu=sm_100 -tileas-pipeline-strategy=none %s -o - \
; RUN:   | FileCheck %s --check-prefix=MODEL
; The arena's layout and TileAS's own register allocation, as remarks.
; RUN: %llc -march=tileas -mcpu=sm_100a -tileas-pipeline-strategy=none \
; RUN:   -pass-remarks-analysis=tileas-ptx %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

declare ptr addrspace(3) @tileas.tma.load(ptr, i32, i32, i32) nounwind willreturn memory(read)
declare <4 x float> @tileas.smem.load(ptr addrspace(3), i32) nounwind willreturn memory(argmem: read)

define void @params(ptr noalias %desc, ptr addrspace(1) noalias %out, i32 %n, float %scale, i64 %stride, double %d) {
entry:
  %t = call ptr addrspace(3) @tileas.tma.load(ptr %desc, i32 %n, i32 0, i32 4096)
  %v = call <4 x float> @tileas.smem.load(ptr addrspace(3) %t, i32 0)
  store <4 x float> %v, ptr addrspace(1) %out, align 16
  ret void
}

; CHECK:      .version 8.7
; CHECK-NEXT: .target sm_100a
; CHECK-NEXT: .address_size 64
; CHECK:      .extern .shared .align 1024 .b8 tileas_smem[];
; CHECK:      // shared arena: {{[0-9]+}} of 232448 bytes, .align 1024
; CHECK:      .visible .entry params(
; CHECK-NEXT:   .param .align 128 .b8 params_param_0[128],
; CHECK-NEXT:   .param .u64 params_param_1,
; CHECK-NEXT:   .param .u32 params_param_2,
; CHECK-NEXT:   .param .f32 params_param_3,
; CHECK-NEXT:   .param .u64 params_param_4,
; CHECK-NEXT:   .param .f64 params_param_5
; CHECK-NEXT: )
; CHECK-NEXT: .reqntid 128, 1, 1
; CHECK-NEXT: .minnctapersm 1
; CHECK-NEXT: {
; CHECK:        .reg .b32 %r<64>;
; CHECK:        .reg .b32 %f<256>;
; CHECK:        mov.b64 %rd0, params_param_0;
; CHECK-NEXT:   cvta.param.u64 %rd0, %rd0; // %desc: tensor map
; CHECK-NEXT:   ld.param.u64 %rd1, [params_param_1]; // %out
; CHECK-NEXT:   cvta.to.global.u64 %rd1, %rd1;
; CHECK-NEXT:   ld.param.u32 %r0, [params_param_2]; // %n
; CHECK-NEXT:   ld.param.f32 %r1, [params_param_3]; // %scale
; CHECK-NEXT:   ld.param.u64 %rd2, [params_param_4]; // %stride
; CHECK-NEXT:   ld.param.f64 %rd3, [params_param_5]; // %d
; The elected lane of warp 0 and the arena, rounded up to 1024 bytes.
; CHECK:        @!%q1 bra.uni [[ELECTED:\$L__TA0_[0-9]+]];
; CHECK-NEXT:   elect.sync _|%q2, 0xffffffff;
; CHECK-NEXT: [[ELECTED]]:
; CHECK:        mov.u32 %x2, tileas_smem;
; CHECK-NEXT:   add.u32 %x2, %x2, 1023;
; CHECK-NEXT:   and.b32 %x2, %x2, -1024;
; CHECK:        @%q2 prefetch.tensormap [%rd0];
; CHECK:        ret;
; CHECK-NEXT: }

; FAMILY:      .version 8.8
; FAMILY-NEXT: .target sm_100f

; The abstract machine keeps its PTX-flavoured text for reading schedules.
; MODEL-NOT:  .version
; MODEL:      .globl params
; MODEL:      cp.async.bulk.tensor.2d.shared.global.tile

; REMARK:      remark: {{.*}}shared arena: 4104 of 232448 bytes, .align 1024
; REMARK-NEXT:   0x00000  buffer tile bb.0 #0: 4096 B, align 1024
; REMARK-NEXT:   0x01000  buffer mbarrier of tile bb.0 #0: 8 B, align 8
; REMARK:      remark: {{.*}}TileAS's allocation: 11 32-bit registers (2 GPR32, 2 GPR64, 1 FRAG, 1 TILE) and 0 predicates, before the PTX sequences' own; 128 threads
