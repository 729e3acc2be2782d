// An executable with several architectures (make.sh): nvcc -gencode ... host.cu kernels.cu
int main() { return 0; }
