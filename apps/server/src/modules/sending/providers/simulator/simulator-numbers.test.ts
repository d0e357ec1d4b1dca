import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator';
import { SIMULATOR_EMPTY_AREA_CODE, SIMULATOR_INVENTORY } from './simulator-numbers';

const simulator = createSimulator({});

describe('simulator numbers', () => {
  it('has the same valid numbers for sale in an area code every time', async () => {
    const found = await simulator.searchNumbers!('212', 50);
    expect(found).toHaveLength(SIMULATOR_INVENTORY);
    for (const n of found) expect(n).toMatch(/^\+1212[2-9]\d{6}$/);
    expect(await simulator.searchNumbers!('212', 50)).toEqual(found);
    expect(await simulator.searchNumbers!('212', 3)).toEqual(found.slice(0, 3));
    expect(await simulator.searchNumbers!('310', 5)).not.toEqual(found.slice(0, 5));
  });

  it('has none in its empty area code', async () => {
    expect(await simulator.searchNumbers!(SIMULATOR_EMPTY_AREA_CODE, 10)).toEqual([]);
  });

  it('buys, verifies and releases', async () => {
    const [n] = await simulator.searchNumbers!('212', 1);
    expect((await simulator.buyNumber!(n)).providerNumberId).toMatch(/^SIMPN/);
    expect(await simulator.verifyNumber!(n)).toEqual({ ok: true });
    await expect(simulator.releaseNumber!(n)).resolves.toBeUndefined();
    expect((await simulator.verifyNumber!('+1555')).ok).toBe(false);
  });
});
