// The one doctest main shared by every test executable (built once, linked everywhere).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
