// A render thread entry that fails as it starts (tests/integration/http/render-thread.test.ts).
throw new Error('this render thread cannot start');
