; tests/data/amd/kernels-gfx950.ll - LDS beyond 64 KiB (gfx950 only: 160 KiB per CU), see README.md
@lds_lds65537_wg256 = internal addrspace(3) global [65537 x i8] poison, align 4
@lds_lds81920_wg256 = internal addrspace(3) global [81920 x i8] poison, align 4
@lds_lds98304_wg256 = internal addrspace(3) global [98304 x i8] poison, align 4
@lds_lds131072_wg256 = internal addrspace(3) global [131072 x i8] poison, align 4
@lds_lds131076_wg256 = internal addrspace(3) global [131076 x i8] poison, align 4
@lds_lds163840_wg256 = internal addrspace(3) global [163840 x i8] poison, align 4
@lds_lds163840_wg1024 = internal addrspace(3) global [163840 x i8] poison, align 4
@lds_lds70000_wg64 = internal addrspace(3) global [70000 x i8] poison, align 4
@lds_lds40960_wg1024 = internal addrspace(3) global [40960 x i8] poison, align 4
@lds_lds32768_wg256 = internal addrspace(3) global [32768 x i8] poison, align 4
@lds_lds53248_wg512 = internal addrspace(3) global [53248 x i8] poison, align 4
@lds_lds27307_wg192 = internal addrspace(3) global [27307 x i8] poison, align 4
@lds_lds98304_wg1to1024 = internal addrspace(3) global [98304 x i8] poison, align 4
@lds_lds163840_wg1to448 = internal addrspace(3) global [163840 x i8] poison, align 4
@lds_lds81920_wg1to768 = internal addrspace(3) global [81920 x i8] poison, align 4
@lds_lds50000_wg1to256 = internal addrspace(3) global [50000 x i8] poison, align 4
@lds_v128_lds96k_wg512 = internal addrspace(3) global [98304 x i8] poison, align 4
define amdgpu_kernel void @lds65537_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds65537_wg256
  ret void
}
define amdgpu_kernel void @lds81920_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds81920_wg256
  ret void
}
define amdgpu_kernel void @lds98304_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds98304_wg256
  ret void
}
define amdgpu_kernel void @lds131072_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds131072_wg256
  ret void
}
define amdgpu_kernel void @lds131076_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds131076_wg256
  ret void
}
define amdgpu_kernel void @lds163840_wg256() #0 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds163840_wg256
  ret void
}
define amdgpu_kernel void @lds163840_wg1024() #1 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds163840_wg1024
  ret void
}
define amdgpu_kernel void @lds70000_wg64() #2 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds70000_wg64
  ret void
}
define amdgpu_kernel void @lds40960_wg1024() #1 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds40960_wg1024
  ret void
}
define amdgpu_kernel void @lds32768_wg256() #0 {
  call void asm sideeffect "", "~{v63}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds32768_wg256
  ret void
}
define amdgpu_kernel void @lds53248_wg512() #3 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds53248_wg512
  ret void
}
define amdgpu_kernel void @lds27307_wg192() #4 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds27307_wg192
  ret void
}
define amdgpu_kernel void @lds98304_wg1to1024() #5 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds98304_wg1to1024
  ret void
}
define amdgpu_kernel void @lds163840_wg1to448() #6 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds163840_wg1to448
  ret void
}
define amdgpu_kernel void @lds81920_wg1to768() #7 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds81920_wg1to768
  ret void
}
define amdgpu_kernel void @lds50000_wg1to256() #8 {
  call void asm sideeffect "", "~{v0}"()
  store volatile i8 1, ptr addrspace(3) @lds_lds50000_wg1to256
  ret void
}
define amdgpu_kernel void @v128_lds96k_wg512() #3 {
  call void asm sideeffect "", "~{v127}"()
  store volatile i8 1, ptr addrspace(3) @lds_v128_lds96k_wg512
  ret void
}
attributes #0 = { "amdgpu-flat-work-group-size"="256,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="1024,1024" }
attributes #2 = { "amdgpu-flat-work-group-size"="64,64" }
attributes #3 = { "amdgpu-flat-work-group-size"="512,512" }
attributes #4 = { "amdgpu-flat-work-group-size"="192,192" }
attributes #5 = { "amdgpu-flat-work-group-size"="1,1024" }
attributes #6 = { "amdgpu-flat-work-group-size"="1,448" }
attributes #7 = { "amdgpu-flat-work-group-size"="1,768" }
attributes #8 = { "amdgpu-flat-work-group-size"="1,256" }
