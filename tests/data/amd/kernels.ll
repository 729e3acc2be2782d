; tests/data/amd/kernels.ll - kernels whose register and LDS use is pinned by inline-asm clobbers and
; LDS arrays, for LLVM's own occupancy figure (see README.md). Generated list; edit freely.

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
