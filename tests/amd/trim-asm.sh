#!/bin/sh
# tests/amd/trim-asm.sh < llc.s > trimmed.s - keeps the lines of an AMDGPU .s that describe resources (the target,
# each kernel's label, the .amdhsa_kernel block's resource directives (segments, next_free_vgpr/sgpr,
# accum_offset, reserve_*), the asm printer's "; Kernel info" and "; Function info" comments and the
# amdhsa.kernels metadata without its argument lists) and drops the instructions, so the recorded outputs in
# tests/data/amd stay small. Every kept line is llc's own, unchanged.
awk '
  /^\t\.amdgcn_target / || /^amdhsa\.target:/ || /^[A-Za-z_][A-Za-z0-9_.]*:/ { print; next }
  /^\t\.amdhsa_kernel /                   { ink = 1 }
  ink && $1 ~ /^\.amdhsa_(kernel|group_segment|private_segment|next_free|accum_offset|reserve)|^\.end_amdhsa/ { print }
  ink                                      { if ($1 == ".end_amdhsa_kernel") ink = 0; next }
  /^; (Kernel|Function) info:/             { inf = 1 }
  inf && /^; /                             { print; next }
  inf                                      { inf = 0 }
  /^\t\.amdgpu_metadata/ || /^amdhsa\.kernels:/ { inm = 1 }
  inm && /^      - \.|^        \./         { next }   # argument list items (.args:) of a kernel
  inm                                      { print; if ($1 == ".end_amdgpu_metadata") inm = 0 }
'
