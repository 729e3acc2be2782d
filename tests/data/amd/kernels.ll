; tests/data/amd/kernels.ll - kernels whose register and LDS use is pinned by inline-asm clobbers and
; LDS arrays, plus MFMA loops and spills, for LLVM's own occupancy figure (see README.md). Generated list; edit freely.

@lds_v128_lds16k_wg256 = internal addrspace(3) global [16384 x i8] poison, align 4
@lds_lds6552_wg256 = internal addrspace(3) global [6552 x i8] poison, align 4
@lds_lds13000_wg256 = internal addrspace(3) global [13000 x i8] poison, align 4
@lds_lds32k_wg256 = internal addrspace(3) global [32768 x i8] poison, align 4
@lds_lds40k_wg256 = internal addrspace(3) global [40960 x i8] poison, align 4
@lds_lds8252_wg64 = internal addrspace(3) global [8252 x i8] poison, align 4
@lds_lds8252_wg96 = internal addrspace(3) global [8252 x i8] poison, align 4
@lds_lds8252_wg128 = internal addrspace(3) global [8252 x i8] poison, align 4
@lds_lds20k_wg320 = internal addrspace(3) global [20480 x i8] poison, align 4
@lds_v96_lds24k_wg192 = internal addrspace(3) global [24576 x i8] poison, align 4
define amdgpu_kernel void @v128_lds16k_wg256() #0 {
  call void asm sideeffect "", "~{v127}"()
  store volatile i8 1, ptr addrspace(3) @lds_v128_lds16k_wg256
  ret void
}
define amdgpu_kernel void @v24_wg256() #0 {
  call void asm sideeffect "", "~{v23}"()
  ret void
}
define amdgpu_kernel void @v64_wg256() #0 {
  call void asm sideeffect "", "~{v63}"()
  ret void
}
define amdgpu_kernel void @v72_wg256() #0 {
  call void asm sideeffect "", "~{v71}"()
  ret void
}
define amdgpu_kernel void @v100_wg256() #0 {
  call void asm sideeffect "", "~{v99}"()
  ret void
}
define amdgpu_kernel void @v136_wg256() #0 {
  call void asm sideeffect "", "~{v135}"()
  ret void
}
define amdgpu_kernel void @v168_wg256() #0 {
  call void asm sideeffect "", "~{v167}"()
  ret void
}
define amdgpu_kernel void @v256_wg256() #0 {
  call void asm sideeffect "", "~{v255}"()
  ret void
}
define amdgpu_kernel void @v5_a128_wg256() #0 {
  call void asm sideeffect "", "~{v4}"()
  call void asm sideeffect "", "~{a127}"()
  ret void
}
define amdgpu_kernel void @v128_a128_wg256() #0 {
  call void asm sideeffect "", "~{v127}"()
  call void asm sideeffect "", "~{a127}"()
  ret void
}
define amdgpu_kernel void @v168_a248_wg256() #0 {
  call void asm sideeffect "", "~{v167}"()
  call void asm sideeffect "", "~{a247}"()
  ret void
}
define amdgpu_kernel void @v9_a32_wg256() #0 {
  call void asm sideeffect "", "~{v8}"()
  call void asm sideeffect "", "~{a31}"()
  ret void
}
define amdgpu_kernel void @v40_a16_wg256() #0 {
  call void asm sideeffect "", "~{v39}"()
  call void asm sideeffect "", "~{a15}"()
  ret void
}
define amdgpu_kernel void @s80_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s79}"()
  ret void
}
define amdgpu_kernel void @s89_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s88}"()
  ret void
}
define amdgpu_kernel void @s101_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s100}"()
  ret void
}
define amdgpu_kernel void @lds6552_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds6552_wg256
  ret void
}
define amdgpu_kernel void @lds13000_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds13000_wg256
  ret void
}
define amdgpu_kernel void @lds32k_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds32k_wg256
  ret void
}
define amdgpu_kernel void @lds40k_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds40k_wg256
  ret void
}
define amdgpu_kernel void @lds8252_wg64() #1 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds8252_wg64
  ret void
}
define amdgpu_kernel void @lds8252_wg96() #2 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds8252_wg96
  ret void
}
define amdgpu_kernel void @lds8252_wg128() #3 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds8252_wg128
  ret void
}
define amdgpu_kernel void @lds20k_wg320() #4 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds20k_wg320
  ret void
}
define amdgpu_kernel void @v4_wg320() #4 {
  call void asm sideeffect "", "~{v3}"()
  ret void
}
define amdgpu_kernel void @v4_wg768() #5 {
  call void asm sideeffect "", "~{v3}"()
  ret void
}
define amdgpu_kernel void @v176_wg384() #6 {
  call void asm sideeffect "", "~{v175}"()
  ret void
}
define amdgpu_kernel void @v4_wg100() #7 {
  call void asm sideeffect "", "~{v3}"()
  ret void
}
define amdgpu_kernel void @v4_wg64() #1 {
  call void asm sideeffect "", "~{v3}"()
  ret void
}
define amdgpu_kernel void @v128_wg1024() #8 {
  call void asm sideeffect "", "~{v127}"()
  ret void
}
define amdgpu_kernel void @v96_lds24k_wg192() #9 {
  call void asm sideeffect "", "~{v95}"()
  store volatile i8 1, ptr addrspace(3) @lds_v96_lds24k_wg192
  ret void
}
attributes #0 = { "amdgpu-flat-work-group-size"="256,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="64,64" }
attributes #2 = { "amdgpu-flat-work-group-size"="96,96" }
attributes #3 = { "amdgpu-flat-work-group-size"="128,128" }
attributes #4 = { "amdgpu-flat-work-group-size"="320,320" }
attributes #5 = { "amdgpu-flat-work-group-size"="768,768" }
attributes #6 = { "amdgpu-flat-work-group-size"="384,384" }
attributes #7 = { "amdgpu-flat-work-group-size"="100,100" }
attributes #8 = { "amdgpu-flat-work-group-size"="1024,1024" }
attributes #9 = { "amdgpu-flat-work-group-size"="192,192" }
@lds_lds16k_wg1to256 = internal addrspace(3) global [16384 x i8] poison, align 4
@lds_lds20k_wg1to768 = internal addrspace(3) global [20480 x i8] poison, align 4
@lds_lds40k_wg1to1024 = internal addrspace(3) global [40960 x i8] poison, align 4
@lds_lds8252_wg1to128 = internal addrspace(3) global [8252 x i8] poison, align 4
@lds_v48_lds64k_wg1024 = internal addrspace(3) global [65536 x i8] poison, align 4
@lds_lds65536_wg64 = internal addrspace(3) global [65536 x i8] poison, align 4
@lds_lds21846_wg256 = internal addrspace(3) global [21846 x i8] poison, align 4
define amdgpu_kernel void @s90_wg256() #20 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s89}"()
  ret void
}
define amdgpu_kernel void @s92_wg256() #20 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s91}"()
  ret void
}
define amdgpu_kernel void @s94_wg256() #20 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s93}"()
  ret void
}
define amdgpu_kernel void @s95_wg256() #20 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{s94}"()
  ret void
}
define amdgpu_kernel void @v32_wpe1_wg256() #21 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wpe2_wg256() #22 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wpe3_wg256() #23 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wpe4_wg256() #24 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wpe5_wg256() #25 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wpe6_wg256() #26 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wpe2to4_wg256() #27 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v8_a32_wpe4_wg256() #24 {
  call void asm sideeffect "", "~{v7}"()
  call void asm sideeffect "", "~{a31}"()
  ret void
}
define amdgpu_kernel void @v100_wpe2_wg256() #22 {
  call void asm sideeffect "", "~{v99}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to64() #28 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to128() #29 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to192() #30 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to256() #31 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to320() #32 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to448() #33 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to512() #34 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to576() #35 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to640() #36 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to768() #37 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v32_wg1to1024() #38 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v128_wg1to448() #33 {
  call void asm sideeffect "", "~{v127}"()
  ret void
}
define amdgpu_kernel void @v64_wg1to576() #35 {
  call void asm sideeffect "", "~{v63}"()
  ret void
}
define amdgpu_kernel void @lds16k_wg1to256() #31 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds16k_wg1to256
  ret void
}
define amdgpu_kernel void @lds20k_wg1to768() #37 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds20k_wg1to768
  ret void
}
define amdgpu_kernel void @lds40k_wg1to1024() #38 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds40k_wg1to1024
  ret void
}
define amdgpu_kernel void @lds8252_wg1to128() #29 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds8252_wg1to128
  ret void
}
define amdgpu_kernel void @v64_wg64to320() #39 {
  call void asm sideeffect "", "~{v63}"()
  ret void
}
define amdgpu_kernel void @v32_wg128to448() #40 {
  call void asm sideeffect "", "~{v31}"()
  ret void
}
define amdgpu_kernel void @v96_wg256to768() #41 {
  call void asm sideeffect "", "~{v95}"()
  ret void
}
define amdgpu_kernel void @v4_a256_wg64() #42 {
  call void asm sideeffect "", "~{v3}"()
  call void asm sideeffect "", "~{a255}"()
  ret void
}
define amdgpu_kernel void @v256_a256_wg64() #42 {
  call void asm sideeffect "", "~{v255}"()
  call void asm sideeffect "", "~{a255}"()
  ret void
}
define amdgpu_kernel void @v1_a64_wg512() #43 {
  call void asm sideeffect "", "~{v0}"()
  call void asm sideeffect "", "~{a63}"()
  ret void
}
define amdgpu_kernel void @v33_a33_wg256() #20 {
  call void asm sideeffect "", "~{v32}"()
  call void asm sideeffect "", "~{a32}"()
  ret void
}
define amdgpu_kernel void @v60_wg1024() #44 {
  call void asm sideeffect "", "~{v59}"()
  ret void
}
define amdgpu_kernel void @v48_lds64k_wg1024() #44 {
  call void asm sideeffect "", "~{v47}"()
  store volatile i8 1, ptr addrspace(3) @lds_v48_lds64k_wg1024
  ret void
}
define amdgpu_kernel void @lds65536_wg64() #42 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds65536_wg64
  ret void
}
define amdgpu_kernel void @lds21846_wg256() #20 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds21846_wg256
  ret void
}
attributes #20 = { "amdgpu-flat-work-group-size"="256,256" }
attributes #21 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="1,1" }
attributes #22 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="2,2" }
attributes #23 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="3,3" }
attributes #24 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="4,4" }
attributes #25 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="5,5" }
attributes #26 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="6,6" }
attributes #27 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="2,4" }
attributes #28 = { "amdgpu-flat-work-group-size"="1,64" }
attributes #29 = { "amdgpu-flat-work-group-size"="1,128" }
attributes #30 = { "amdgpu-flat-work-group-size"="1,192" }
attributes #31 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #32 = { "amdgpu-flat-work-group-size"="1,320" }
attributes #33 = { "amdgpu-flat-work-group-size"="1,448" }
attributes #34 = { "amdgpu-flat-work-group-size"="1,512" }
attributes #35 = { "amdgpu-flat-work-group-size"="1,576" }
attributes #36 = { "amdgpu-flat-work-group-size"="1,640" }
attributes #37 = { "amdgpu-flat-work-group-size"="1,768" }
attributes #38 = { "amdgpu-flat-work-group-size"="1,1024" }
attributes #39 = { "amdgpu-flat-work-group-size"="64,320" }
attributes #40 = { "amdgpu-flat-work-group-size"="128,448" }
attributes #41 = { "amdgpu-flat-work-group-size"="256,768" }
attributes #42 = { "amdgpu-flat-work-group-size"="64,64" }
attributes #43 = { "amdgpu-flat-work-group-size"="512,512" }
attributes #44 = { "amdgpu-flat-work-group-size"="1024,1024" }
; MFMA loops (v_mfma_f32_32x32x8f16 on gfx908, gfx90a, gfx942, gfx950): the compiler chooses VGPRs or AGPRs
define amdgpu_kernel void @mfma_acc2_wg256(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #60 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c0 = phi <16 x float> [ zeroinitializer, %entry ], [ %r0, %loop ]
  %c1 = phi <16 x float> [ zeroinitializer, %entry ], [ %r1, %loop ]
  %idx = add i32 %i, %tid
  %p = getelementptr <4 x half>, ptr addrspace(1) %in, i32 %idx
  %a = load <4 x half>, ptr addrspace(1) %p
  %p2 = getelementptr <4 x half>, ptr addrspace(1) %p, i32 64
  %b = load <4 x half>, ptr addrspace(1) %p2
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c0, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c1, i32 0, i32 0, i32 0)
  %i1 = add i32 %i, 1
  %cmp = icmp slt i32 %i1, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %q0 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 0
  store <16 x float> %r0, ptr addrspace(1) %q0
  %q1 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 1
  store <16 x float> %r1, ptr addrspace(1) %q1
  ret void
}
define amdgpu_kernel void @mfma_acc8_wg256(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #60 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c0 = phi <16 x float> [ zeroinitializer, %entry ], [ %r0, %loop ]
  %c1 = phi <16 x float> [ zeroinitializer, %entry ], [ %r1, %loop ]
  %c2 = phi <16 x float> [ zeroinitializer, %entry ], [ %r2, %loop ]
  %c3 = phi <16 x float> [ zeroinitializer, %entry ], [ %r3, %loop ]
  %c4 = phi <16 x float> [ zeroinitializer, %entry ], [ %r4, %loop ]
  %c5 = phi <16 x float> [ zeroinitializer, %entry ], [ %r5, %loop ]
  %c6 = phi <16 x float> [ zeroinitializer, %entry ], [ %r6, %loop ]
  %c7 = phi <16 x float> [ zeroinitializer, %entry ], [ %r7, %loop ]
  %idx = add i32 %i, %tid
  %p = getelementptr <4 x half>, ptr addrspace(1) %in, i32 %idx
  %a = load <4 x half>, ptr addrspace(1) %p
  %p2 = getelementptr <4 x half>, ptr addrspace(1) %p, i32 64
  %b = load <4 x half>, ptr addrspace(1) %p2
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c0, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c1, i32 0, i32 0, i32 0)
  %r2 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c2, i32 0, i32 0, i32 0)
  %r3 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c3, i32 0, i32 0, i32 0)
  %r4 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c4, i32 0, i32 0, i32 0)
  %r5 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c5, i32 0, i32 0, i32 0)
  %r6 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c6, i32 0, i32 0, i32 0)
  %r7 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c7, i32 0, i32 0, i32 0)
  %i1 = add i32 %i, 1
  %cmp = icmp slt i32 %i1, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %q0 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 0
  store <16 x float> %r0, ptr addrspace(1) %q0
  %q1 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 1
  store <16 x float> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 2
  store <16 x float> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 3
  store <16 x float> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 4
  store <16 x float> %r4, ptr addrspace(1) %q4
  %q5 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 5
  store <16 x float> %r5, ptr addrspace(1) %q5
  %q6 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 6
  store <16 x float> %r6, ptr addrspace(1) %q6
  %q7 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 7
  store <16 x float> %r7, ptr addrspace(1) %q7
  ret void
}
define amdgpu_kernel void @mfma_acc16_wg256(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #60 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c0 = phi <16 x float> [ zeroinitializer, %entry ], [ %r0, %loop ]
  %c1 = phi <16 x float> [ zeroinitializer, %entry ], [ %r1, %loop ]
  %c2 = phi <16 x float> [ zeroinitializer, %entry ], [ %r2, %loop ]
  %c3 = phi <16 x float> [ zeroinitializer, %entry ], [ %r3, %loop ]
  %c4 = phi <16 x float> [ zeroinitializer, %entry ], [ %r4, %loop ]
  %c5 = phi <16 x float> [ zeroinitializer, %entry ], [ %r5, %loop ]
  %c6 = phi <16 x float> [ zeroinitializer, %entry ], [ %r6, %loop ]
  %c7 = phi <16 x float> [ zeroinitializer, %entry ], [ %r7, %loop ]
  %c8 = phi <16 x float> [ zeroinitializer, %entry ], [ %r8, %loop ]
  %c9 = phi <16 x float> [ zeroinitializer, %entry ], [ %r9, %loop ]
  %c10 = phi <16 x float> [ zeroinitializer, %entry ], [ %r10, %loop ]
  %c11 = phi <16 x float> [ zeroinitializer, %entry ], [ %r11, %loop ]
  %c12 = phi <16 x float> [ zeroinitializer, %entry ], [ %r12, %loop ]
  %c13 = phi <16 x float> [ zeroinitializer, %entry ], [ %r13, %loop ]
  %c14 = phi <16 x float> [ zeroinitializer, %entry ], [ %r14, %loop ]
  %c15 = phi <16 x float> [ zeroinitializer, %entry ], [ %r15, %loop ]
  %idx = add i32 %i, %tid
  %p = getelementptr <4 x half>, ptr addrspace(1) %in, i32 %idx
  %a = load <4 x half>, ptr addrspace(1) %p
  %p2 = getelementptr <4 x half>, ptr addrspace(1) %p, i32 64
  %b = load <4 x half>, ptr addrspace(1) %p2
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c0, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c1, i32 0, i32 0, i32 0)
  %r2 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c2, i32 0, i32 0, i32 0)
  %r3 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c3, i32 0, i32 0, i32 0)
  %r4 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c4, i32 0, i32 0, i32 0)
  %r5 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c5, i32 0, i32 0, i32 0)
  %r6 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c6, i32 0, i32 0, i32 0)
  %r7 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c7, i32 0, i32 0, i32 0)
  %r8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c8, i32 0, i32 0, i32 0)
  %r9 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c9, i32 0, i32 0, i32 0)
  %r10 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c10, i32 0, i32 0, i32 0)
  %r11 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c11, i32 0, i32 0, i32 0)
  %r12 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c12, i32 0, i32 0, i32 0)
  %r13 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c13, i32 0, i32 0, i32 0)
  %r14 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c14, i32 0, i32 0, i32 0)
  %r15 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c15, i32 0, i32 0, i32 0)
  %i1 = add i32 %i, 1
  %cmp = icmp slt i32 %i1, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %q0 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 0
  store <16 x float> %r0, ptr addrspace(1) %q0
  %q1 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 1
  store <16 x float> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 2
  store <16 x float> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 3
  store <16 x float> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 4
  store <16 x float> %r4, ptr addrspace(1) %q4
  %q5 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 5
  store <16 x float> %r5, ptr addrspace(1) %q5
  %q6 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 6
  store <16 x float> %r6, ptr addrspace(1) %q6
  %q7 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 7
  store <16 x float> %r7, ptr addrspace(1) %q7
  %q8 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 8
  store <16 x float> %r8, ptr addrspace(1) %q8
  %q9 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 9
  store <16 x float> %r9, ptr addrspace(1) %q9
  %q10 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 10
  store <16 x float> %r10, ptr addrspace(1) %q10
  %q11 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 11
  store <16 x float> %r11, ptr addrspace(1) %q11
  %q12 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 12
  store <16 x float> %r12, ptr addrspace(1) %q12
  %q13 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 13
  store <16 x float> %r13, ptr addrspace(1) %q13
  %q14 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 14
  store <16 x float> %r14, ptr addrspace(1) %q14
  %q15 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 15
  store <16 x float> %r15, ptr addrspace(1) %q15
  ret void
}
define amdgpu_kernel void @mfma_acc20_wg64(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #62 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c0 = phi <16 x float> [ zeroinitializer, %entry ], [ %r0, %loop ]
  %c1 = phi <16 x float> [ zeroinitializer, %entry ], [ %r1, %loop ]
  %c2 = phi <16 x float> [ zeroinitializer, %entry ], [ %r2, %loop ]
  %c3 = phi <16 x float> [ zeroinitializer, %entry ], [ %r3, %loop ]
  %c4 = phi <16 x float> [ zeroinitializer, %entry ], [ %r4, %loop ]
  %c5 = phi <16 x float> [ zeroinitializer, %entry ], [ %r5, %loop ]
  %c6 = phi <16 x float> [ zeroinitializer, %entry ], [ %r6, %loop ]
  %c7 = phi <16 x float> [ zeroinitializer, %entry ], [ %r7, %loop ]
  %c8 = phi <16 x float> [ zeroinitializer, %entry ], [ %r8, %loop ]
  %c9 = phi <16 x float> [ zeroinitializer, %entry ], [ %r9, %loop ]
  %c10 = phi <16 x float> [ zeroinitializer, %entry ], [ %r10, %loop ]
  %c11 = phi <16 x float> [ zeroinitializer, %entry ], [ %r11, %loop ]
  %c12 = phi <16 x float> [ zeroinitializer, %entry ], [ %r12, %loop ]
  %c13 = phi <16 x float> [ zeroinitializer, %entry ], [ %r13, %loop ]
  %c14 = phi <16 x float> [ zeroinitializer, %entry ], [ %r14, %loop ]
  %c15 = phi <16 x float> [ zeroinitializer, %entry ], [ %r15, %loop ]
  %c16 = phi <16 x float> [ zeroinitializer, %entry ], [ %r16, %loop ]
  %c17 = phi <16 x float> [ zeroinitializer, %entry ], [ %r17, %loop ]
  %c18 = phi <16 x float> [ zeroinitializer, %entry ], [ %r18, %loop ]
  %c19 = phi <16 x float> [ zeroinitializer, %entry ], [ %r19, %loop ]
  %idx = add i32 %i, %tid
  %p = getelementptr <4 x half>, ptr addrspace(1) %in, i32 %idx
  %a = load <4 x half>, ptr addrspace(1) %p
  %p2 = getelementptr <4 x half>, ptr addrspace(1) %p, i32 64
  %b = load <4 x half>, ptr addrspace(1) %p2
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c0, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c1, i32 0, i32 0, i32 0)
  %r2 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c2, i32 0, i32 0, i32 0)
  %r3 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c3, i32 0, i32 0, i32 0)
  %r4 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c4, i32 0, i32 0, i32 0)
  %r5 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c5, i32 0, i32 0, i32 0)
  %r6 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c6, i32 0, i32 0, i32 0)
  %r7 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c7, i32 0, i32 0, i32 0)
  %r8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c8, i32 0, i32 0, i32 0)
  %r9 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c9, i32 0, i32 0, i32 0)
  %r10 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c10, i32 0, i32 0, i32 0)
  %r11 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c11, i32 0, i32 0, i32 0)
  %r12 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c12, i32 0, i32 0, i32 0)
  %r13 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c13, i32 0, i32 0, i32 0)
  %r14 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c14, i32 0, i32 0, i32 0)
  %r15 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c15, i32 0, i32 0, i32 0)
  %r16 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c16, i32 0, i32 0, i32 0)
  %r17 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c17, i32 0, i32 0, i32 0)
  %r18 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c18, i32 0, i32 0, i32 0)
  %r19 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c19, i32 0, i32 0, i32 0)
  %i1 = add i32 %i, 1
  %cmp = icmp slt i32 %i1, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %q0 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 0
  store <16 x float> %r0, ptr addrspace(1) %q0
  %q1 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 1
  store <16 x float> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 2
  store <16 x float> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 3
  store <16 x float> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 4
  store <16 x float> %r4, ptr addrspace(1) %q4
  %q5 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 5
  store <16 x float> %r5, ptr addrspace(1) %q5
  %q6 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 6
  store <16 x float> %r6, ptr addrspace(1) %q6
  %q7 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 7
  store <16 x float> %r7, ptr addrspace(1) %q7
  %q8 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 8
  store <16 x float> %r8, ptr addrspace(1) %q8
  %q9 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 9
  store <16 x float> %r9, ptr addrspace(1) %q9
  %q10 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 10
  store <16 x float> %r10, ptr addrspace(1) %q10
  %q11 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 11
  store <16 x float> %r11, ptr addrspace(1) %q11
  %q12 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 12
  store <16 x float> %r12, ptr addrspace(1) %q12
  %q13 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 13
  store <16 x float> %r13, ptr addrspace(1) %q13
  %q14 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 14
  store <16 x float> %r14, ptr addrspace(1) %q14
  %q15 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 15
  store <16 x float> %r15, ptr addrspace(1) %q15
  %q16 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 16
  store <16 x float> %r16, ptr addrspace(1) %q16
  %q17 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 17
  store <16 x float> %r17, ptr addrspace(1) %q17
  %q18 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 18
  store <16 x float> %r18, ptr addrspace(1) %q18
  %q19 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 19
  store <16 x float> %r19, ptr addrspace(1) %q19
  ret void
}
define amdgpu_kernel void @mfma_acc8_wg512(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #61 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %c0 = phi <16 x float> [ zeroinitializer, %entry ], [ %r0, %loop ]
  %c1 = phi <16 x float> [ zeroinitializer, %entry ], [ %r1, %loop ]
  %c2 = phi <16 x float> [ zeroinitializer, %entry ], [ %r2, %loop ]
  %c3 = phi <16 x float> [ zeroinitializer, %entry ], [ %r3, %loop ]
  %c4 = phi <16 x float> [ zeroinitializer, %entry ], [ %r4, %loop ]
  %c5 = phi <16 x float> [ zeroinitializer, %entry ], [ %r5, %loop ]
  %c6 = phi <16 x float> [ zeroinitializer, %entry ], [ %r6, %loop ]
  %c7 = phi <16 x float> [ zeroinitializer, %entry ], [ %r7, %loop ]
  %idx = add i32 %i, %tid
  %p = getelementptr <4 x half>, ptr addrspace(1) %in, i32 %idx
  %a = load <4 x half>, ptr addrspace(1) %p
  %p2 = getelementptr <4 x half>, ptr addrspace(1) %p, i32 64
  %b = load <4 x half>, ptr addrspace(1) %p2
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c0, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c1, i32 0, i32 0, i32 0)
  %r2 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c2, i32 0, i32 0, i32 0)
  %r3 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c3, i32 0, i32 0, i32 0)
  %r4 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c4, i32 0, i32 0, i32 0)
  %r5 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c5, i32 0, i32 0, i32 0)
  %r6 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> %b, <16 x float> %c6, i32 0, i32 0, i32 0)
  %r7 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %b, <4 x half> %b, <16 x float> %c7, i32 0, i32 0, i32 0)
  %i1 = add i32 %i, 1
  %cmp = icmp slt i32 %i1, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %q0 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 0
  store <16 x float> %r0, ptr addrspace(1) %q0
  %q1 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 1
  store <16 x float> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 2
  store <16 x float> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 3
  store <16 x float> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 4
  store <16 x float> %r4, ptr addrspace(1) %q4
  %q5 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 5
  store <16 x float> %r5, ptr addrspace(1) %q5
  %q6 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 6
  store <16 x float> %r6, ptr addrspace(1) %q6
  %q7 = getelementptr <16 x float>, ptr addrspace(1) %out, i32 7
  store <16 x float> %r7, ptr addrspace(1) %q7
  ret void
}
; spills: values live across inline asm that clobbers every VGPR and AGPR (v0..v255, a0..a255) go to scratch
define amdgpu_kernel void @spill_v_wg256(ptr addrspace(1) %out, ptr addrspace(1) %in) #60 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x float>, ptr addrspace(1) %in, i32 %tid
  %x = load volatile <4 x float>, ptr addrspace(1) %p
  call void asm sideeffect "", "~{v0},~{v1},~{v2},~{v3},~{v4},~{v5},~{v6},~{v7},~{v8},~{v9},~{v10},~{v11},~{v12},~{v13},~{v14},~{v15},~{v16},~{v17},~{v18},~{v19},~{v20},~{v21},~{v22},~{v23},~{v24},~{v25},~{v26},~{v27},~{v28},~{v29},~{v30},~{v31},~{v32},~{v33},~{v34},~{v35},~{v36},~{v37},~{v38},~{v39},~{v40},~{v41},~{v42},~{v43},~{v44},~{v45},~{v46},~{v47},~{v48},~{v49},~{v50},~{v51},~{v52},~{v53},~{v54},~{v55},~{v56},~{v57},~{v58},~{v59},~{v60},~{v61},~{v62},~{v63},~{v64},~{v65},~{v66},~{v67},~{v68},~{v69},~{v70},~{v71},~{v72},~{v73},~{v74},~{v75},~{v76},~{v77},~{v78},~{v79},~{v80},~{v81},~{v82},~{v83},~{v84},~{v85},~{v86},~{v87},~{v88},~{v89},~{v90},~{v91},~{v92},~{v93},~{v94},~{v95},~{v96},~{v97},~{v98},~{v99},~{v100},~{v101},~{v102},~{v103},~{v104},~{v105},~{v106},~{v107},~{v108},~{v109},~{v110},~{v111},~{v112},~{v113},~{v114},~{v115},~{v116},~{v117},~{v118},~{v119},~{v120},~{v121},~{v122},~{v123},~{v124},~{v125},~{v126},~{v127},~{v128},~{v129},~{v130},~{v131},~{v132},~{v133},~{v134},~{v135},~{v136},~{v137},~{v138},~{v139},~{v140},~{v141},~{v142},~{v143},~{v144},~{v145},~{v146},~{v147},~{v148},~{v149},~{v150},~{v151},~{v152},~{v153},~{v154},~{v155},~{v156},~{v157},~{v158},~{v159},~{v160},~{v161},~{v162},~{v163},~{v164},~{v165},~{v166},~{v167},~{v168},~{v169},~{v170},~{v171},~{v172},~{v173},~{v174},~{v175},~{v176},~{v177},~{v178},~{v179},~{v180},~{v181},~{v182},~{v183},~{v184},~{v185},~{v186},~{v187},~{v188},~{v189},~{v190},~{v191},~{v192},~{v193},~{v194},~{v195},~{v196},~{v197},~{v198},~{v199},~{v200},~{v201},~{v202},~{v203},~{v204},~{v205},~{v206},~{v207},~{v208},~{v209},~{v210},~{v211},~{v212},~{v213},~{v214},~{v215},~{v216},~{v217},~{v218},~{v219},~{v220},~{v221},~{v222},~{v223},~{v224},~{v225},~{v226},~{v227},~{v228},~{v229},~{v230},~{v231},~{v232},~{v233},~{v234},~{v235},~{v236},~{v237},~{v238},~{v239},~{v240},~{v241},~{v242},~{v243},~{v244},~{v245},~{v246},~{v247},~{v248},~{v249},~{v250},~{v251},~{v252},~{v253},~{v254},~{v255},~{a0},~{a1},~{a2},~{a3},~{a4},~{a5},~{a6},~{a7},~{a8},~{a9},~{a10},~{a11},~{a12},~{a13},~{a14},~{a15},~{a16},~{a17},~{a18},~{a19},~{a20},~{a21},~{a22},~{a23},~{a24},~{a25},~{a26},~{a27},~{a28},~{a29},~{a30},~{a31},~{a32},~{a33},~{a34},~{a35},~{a36},~{a37},~{a38},~{a39},~{a40},~{a41},~{a42},~{a43},~{a44},~{a45},~{a46},~{a47},~{a48},~{a49},~{a50},~{a51},~{a52},~{a53},~{a54},~{a55},~{a56},~{a57},~{a58},~{a59},~{a60},~{a61},~{a62},~{a63},~{a64},~{a65},~{a66},~{a67},~{a68},~{a69},~{a70},~{a71},~{a72},~{a73},~{a74},~{a75},~{a76},~{a77},~{a78},~{a79},~{a80},~{a81},~{a82},~{a83},~{a84},~{a85},~{a86},~{a87},~{a88},~{a89},~{a90},~{a91},~{a92},~{a93},~{a94},~{a95},~{a96},~{a97},~{a98},~{a99},~{a100},~{a101},~{a102},~{a103},~{a104},~{a105},~{a106},~{a107},~{a108},~{a109},~{a110},~{a111},~{a112},~{a113},~{a114},~{a115},~{a116},~{a117},~{a118},~{a119},~{a120},~{a121},~{a122},~{a123},~{a124},~{a125},~{a126},~{a127},~{a128},~{a129},~{a130},~{a131},~{a132},~{a133},~{a134},~{a135},~{a136},~{a137},~{a138},~{a139},~{a140},~{a141},~{a142},~{a143},~{a144},~{a145},~{a146},~{a147},~{a148},~{a149},~{a150},~{a151},~{a152},~{a153},~{a154},~{a155},~{a156},~{a157},~{a158},~{a159},~{a160},~{a161},~{a162},~{a163},~{a164},~{a165},~{a166},~{a167},~{a168},~{a169},~{a170},~{a171},~{a172},~{a173},~{a174},~{a175},~{a176},~{a177},~{a178},~{a179},~{a180},~{a181},~{a182},~{a183},~{a184},~{a185},~{a186},~{a187},~{a188},~{a189},~{a190},~{a191},~{a192},~{a193},~{a194},~{a195},~{a196},~{a197},~{a198},~{a199},~{a200},~{a201},~{a202},~{a203},~{a204},~{a205},~{a206},~{a207},~{a208},~{a209},~{a210},~{a211},~{a212},~{a213},~{a214},~{a215},~{a216},~{a217},~{a218},~{a219},~{a220},~{a221},~{a222},~{a223},~{a224},~{a225},~{a226},~{a227},~{a228},~{a229},~{a230},~{a231},~{a232},~{a233},~{a234},~{a235},~{a236},~{a237},~{a238},~{a239},~{a240},~{a241},~{a242},~{a243},~{a244},~{a245},~{a246},~{a247},~{a248},~{a249},~{a250},~{a251},~{a252},~{a253},~{a254},~{a255}"()
  %q = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %tid
  store <4 x float> %x, ptr addrspace(1) %q
  ret void
}
define amdgpu_kernel void @spill_v_wg1to1024(ptr addrspace(1) %out, ptr addrspace(1) %in) #63 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <8 x float>, ptr addrspace(1) %in, i32 %tid
  %x = load volatile <8 x float>, ptr addrspace(1) %p
  call void asm sideeffect "", "~{v0},~{v1},~{v2},~{v3},~{v4},~{v5},~{v6},~{v7},~{v8},~{v9},~{v10},~{v11},~{v12},~{v13},~{v14},~{v15},~{v16},~{v17},~{v18},~{v19},~{v20},~{v21},~{v22},~{v23},~{v24},~{v25},~{v26},~{v27},~{v28},~{v29},~{v30},~{v31},~{v32},~{v33},~{v34},~{v35},~{v36},~{v37},~{v38},~{v39},~{v40},~{v41},~{v42},~{v43},~{v44},~{v45},~{v46},~{v47},~{v48},~{v49},~{v50},~{v51},~{v52},~{v53},~{v54},~{v55},~{v56},~{v57},~{v58},~{v59},~{v60},~{v61},~{v62},~{v63},~{v64},~{v65},~{v66},~{v67},~{v68},~{v69},~{v70},~{v71},~{v72},~{v73},~{v74},~{v75},~{v76},~{v77},~{v78},~{v79},~{v80},~{v81},~{v82},~{v83},~{v84},~{v85},~{v86},~{v87},~{v88},~{v89},~{v90},~{v91},~{v92},~{v93},~{v94},~{v95},~{v96},~{v97},~{v98},~{v99},~{v100},~{v101},~{v102},~{v103},~{v104},~{v105},~{v106},~{v107},~{v108},~{v109},~{v110},~{v111},~{v112},~{v113},~{v114},~{v115},~{v116},~{v117},~{v118},~{v119},~{v120},~{v121},~{v122},~{v123},~{v124},~{v125},~{v126},~{v127},~{v128},~{v129},~{v130},~{v131},~{v132},~{v133},~{v134},~{v135},~{v136},~{v137},~{v138},~{v139},~{v140},~{v141},~{v142},~{v143},~{v144},~{v145},~{v146},~{v147},~{v148},~{v149},~{v150},~{v151},~{v152},~{v153},~{v154},~{v155},~{v156},~{v157},~{v158},~{v159},~{v160},~{v161},~{v162},~{v163},~{v164},~{v165},~{v166},~{v167},~{v168},~{v169},~{v170},~{v171},~{v172},~{v173},~{v174},~{v175},~{v176},~{v177},~{v178},~{v179},~{v180},~{v181},~{v182},~{v183},~{v184},~{v185},~{v186},~{v187},~{v188},~{v189},~{v190},~{v191},~{v192},~{v193},~{v194},~{v195},~{v196},~{v197},~{v198},~{v199},~{v200},~{v201},~{v202},~{v203},~{v204},~{v205},~{v206},~{v207},~{v208},~{v209},~{v210},~{v211},~{v212},~{v213},~{v214},~{v215},~{v216},~{v217},~{v218},~{v219},~{v220},~{v221},~{v222},~{v223},~{v224},~{v225},~{v226},~{v227},~{v228},~{v229},~{v230},~{v231},~{v232},~{v233},~{v234},~{v235},~{v236},~{v237},~{v238},~{v239},~{v240},~{v241},~{v242},~{v243},~{v244},~{v245},~{v246},~{v247},~{v248},~{v249},~{v250},~{v251},~{v252},~{v253},~{v254},~{v255},~{a0},~{a1},~{a2},~{a3},~{a4},~{a5},~{a6},~{a7},~{a8},~{a9},~{a10},~{a11},~{a12},~{a13},~{a14},~{a15},~{a16},~{a17},~{a18},~{a19},~{a20},~{a21},~{a22},~{a23},~{a24},~{a25},~{a26},~{a27},~{a28},~{a29},~{a30},~{a31},~{a32},~{a33},~{a34},~{a35},~{a36},~{a37},~{a38},~{a39},~{a40},~{a41},~{a42},~{a43},~{a44},~{a45},~{a46},~{a47},~{a48},~{a49},~{a50},~{a51},~{a52},~{a53},~{a54},~{a55},~{a56},~{a57},~{a58},~{a59},~{a60},~{a61},~{a62},~{a63},~{a64},~{a65},~{a66},~{a67},~{a68},~{a69},~{a70},~{a71},~{a72},~{a73},~{a74},~{a75},~{a76},~{a77},~{a78},~{a79},~{a80},~{a81},~{a82},~{a83},~{a84},~{a85},~{a86},~{a87},~{a88},~{a89},~{a90},~{a91},~{a92},~{a93},~{a94},~{a95},~{a96},~{a97},~{a98},~{a99},~{a100},~{a101},~{a102},~{a103},~{a104},~{a105},~{a106},~{a107},~{a108},~{a109},~{a110},~{a111},~{a112},~{a113},~{a114},~{a115},~{a116},~{a117},~{a118},~{a119},~{a120},~{a121},~{a122},~{a123},~{a124},~{a125},~{a126},~{a127},~{a128},~{a129},~{a130},~{a131},~{a132},~{a133},~{a134},~{a135},~{a136},~{a137},~{a138},~{a139},~{a140},~{a141},~{a142},~{a143},~{a144},~{a145},~{a146},~{a147},~{a148},~{a149},~{a150},~{a151},~{a152},~{a153},~{a154},~{a155},~{a156},~{a157},~{a158},~{a159},~{a160},~{a161},~{a162},~{a163},~{a164},~{a165},~{a166},~{a167},~{a168},~{a169},~{a170},~{a171},~{a172},~{a173},~{a174},~{a175},~{a176},~{a177},~{a178},~{a179},~{a180},~{a181},~{a182},~{a183},~{a184},~{a185},~{a186},~{a187},~{a188},~{a189},~{a190},~{a191},~{a192},~{a193},~{a194},~{a195},~{a196},~{a197},~{a198},~{a199},~{a200},~{a201},~{a202},~{a203},~{a204},~{a205},~{a206},~{a207},~{a208},~{a209},~{a210},~{a211},~{a212},~{a213},~{a214},~{a215},~{a216},~{a217},~{a218},~{a219},~{a220},~{a221},~{a222},~{a223},~{a224},~{a225},~{a226},~{a227},~{a228},~{a229},~{a230},~{a231},~{a232},~{a233},~{a234},~{a235},~{a236},~{a237},~{a238},~{a239},~{a240},~{a241},~{a242},~{a243},~{a244},~{a245},~{a246},~{a247},~{a248},~{a249},~{a250},~{a251},~{a252},~{a253},~{a254},~{a255}"()
  %q = getelementptr <8 x float>, ptr addrspace(1) %out, i32 %tid
  store <8 x float> %x, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32, i32, i32)
attributes #60 = { "amdgpu-flat-work-group-size"="256,256" }
attributes #61 = { "amdgpu-flat-work-group-size"="512,512" }
attributes #62 = { "amdgpu-flat-work-group-size"="64,64" }
attributes #63 = { "amdgpu-flat-work-group-size"="1,1024" }
; a device function after a kernel: its "; Function info:" comments must not be read as the kernel's; the caller
; counts the callee's registers
define amdgpu_kernel void @before_helper_wg256(ptr addrspace(1) %p) #60 {
  call void asm sideeffect "", "~{v40}"()
  ret void
}
define internal void @helper_fn(ptr addrspace(1) %p) #64 {
  call void asm sideeffect "", "~{v70}"()
  store volatile i32 1, ptr addrspace(1) %p
  ret void
}
define amdgpu_kernel void @calls_helper_wg1to256(ptr addrspace(1) %p) #65 {
  call void @helper_fn(ptr addrspace(1) %p)
  ret void
}
attributes #64 = { noinline }
attributes #65 = { "amdgpu-flat-work-group-size"="1,256" }
