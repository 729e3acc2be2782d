; AMD kernels for tests/data/binaries (make.sh): VGPR pressure, AGPRs, LDS, a workgroup size, a waves-per-eu cap.
; llc -filetype=obj makes the code objects; llc's .s gives the figures they are compared with.
@lds = internal addrspace(3) global [4096 x float] undef, align 16

define amdgpu_kernel void @lds16k_wg256(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [4096 x float], ptr addrspace(3) @lds, i32 0, i32 %t
  store float 1.0, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %q = getelementptr [4096 x float], ptr addrspace(3) @lds, i32 0, i32 0
  %v = load float, ptr addrspace(3) %q
  %o = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %v, ptr addrspace(1) %o
  ret void
}

define amdgpu_kernel void @vgpr40_agpr(ptr addrspace(1) %out) #1 {
  call void asm sideeffect "", "~{v39},~{a31}"()
  ret void
}

define amdgpu_kernel void @vgpr100_wpe4(ptr addrspace(1) %out) #2 {
  call void asm sideeffect "", "~{v99},~{s40}"()
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,512" }
attributes #2 = { "amdgpu-flat-work-group-size"="1,128" "amdgpu-waves-per-eu"="4,4" }
