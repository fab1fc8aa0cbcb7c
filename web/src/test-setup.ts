import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 1 s by default; on a loaded CI machine a MUI dialog can take longer
// to open. Waiting longer changes nothing when the test passes and still fails when it should.
configure({ asyncUtilTimeout: 5_000 });
