/** An opening thread that fails as it starts (tests/newsletter/rules/sealed-opening-thread.test.ts). */
throw new Error('this opening thread cannot start');
