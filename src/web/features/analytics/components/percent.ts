/** 0.1234 → "12.3%". */
export const percent = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)}%`;
