/*
 * tu_main.h — the one main() of the unit tests. Each program ends with
 * TU_MAIN(group set-up, group tear-down, its tests), the tests being
 * cmocka_unit_test... initialisers; cmocka runs them in order and reports
 * each (TAP under make test: CMOCKA_MESSAGE_OUTPUT=TAP, mk/test.mk).
 * Include after <cmocka.h>.
 */
#ifndef TU_MAIN_H
#define TU_MAIN_H

#define TU_MAIN(group_setup, group_teardown, ...)                                      \
	int main(void)                                                                 \
	{                                                                              \
		const struct CMUnitTest tests[] = { __VA_ARGS__ };                     \
		return cmocka_run_group_tests(tests, group_setup, group_teardown);     \
	}

/* In a TU_MAIN list: test f between the per-test fixture functions the
 * program names TU_SETUP and TU_TEARDOWN (#defined before TU_MAIN), so the
 * fixture is written once and not on every line. */
#define tu_test(f) cmocka_unit_test_setup_teardown(f, TU_SETUP, TU_TEARDOWN)

#endif
