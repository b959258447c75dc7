/** How many test files run at once: one per core of the machine CI runs on. */
export const E2E_WORKERS = 2;
