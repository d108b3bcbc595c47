import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default; beside the API suite's OCR on two cores a screen can take longer.
configure({ asyncUtilTimeout: 5_000 });
