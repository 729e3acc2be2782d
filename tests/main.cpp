// The one doctest main shared by every test executable (built once, linked everywhere).
//
// ctest runs each TEST_CASE by name (doctest_discover_tests: --test-case=<name>). A name that the filter cannot
// match (one with ';', which CMake splits into a list, or with a wildcard character) would run 0 test cases and
// still exit 0: a check that cannot fail. So a run with a test-case filter that selects no test case fails.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <string_view>

namespace {

unsigned g_selected = 0;  // test cases that passed the filters in the last run

struct SelectedCount : doctest::IReporter {
    explicit SelectedCount(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats& s) override { g_selected = s.numTestCasesPassingFilters; }
    void test_case_start(const doctest::TestCaseData&) override {}
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("selected_count", 1, SelectedCount);

}  // namespace

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int rc = context.run();
    if (context.shouldExit()) return rc;
    bool filtered = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        filtered = filtered || a.rfind("--test-case=", 0) == 0 || a.rfind("-tc=", 0) == 0;
    }
    if (rc == 0 && filtered && g_selected == 0) {
        std::fprintf(stderr, "tests/main.cpp: the test-case filter selected no test case (a name with ';' or a "
                             "wildcard cannot be run by name); failing instead of passing with nothing run\n");
        return 1;
    }
    return rc;
}
