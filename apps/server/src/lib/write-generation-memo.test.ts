import { describe, expect, it } from 'vitest';
import { createWriteGenerationMemo } from './write-generation-memo';

describe('createWriteGenerationMemo', () => {
  it('answers a key again without loading while the generation stays, and loads after it moves', async () => {
    let generation = 0;
    let loads = 0;
    const memo = createWriteGenerationMemo<string>(() => generation);
    const load = async () => `answer ${++loads}`;
    expect(await memo.read('a', load)).toBe('answer 1');
    expect(await memo.read('a', load)).toBe('answer 1');
    expect(await memo.read('b', load)).toBe('answer 2');
    generation++;
    expect(await memo.read('a', load)).toBe('answer 3');
    expect(await memo.read('a', load)).toBe('answer 3');
    expect(loads).toBe(3);
  });

  it('keeps "nothing found" too, until the next write', async () => {
    let generation = 0;
    let loads = 0;
    const memo = createWriteGenerationMemo<string>(() => generation);
    const load = async () => {
      loads++;
      return undefined;
    };
    expect(await memo.read('gone', load)).toBeUndefined();
    expect(await memo.read('gone', load)).toBeUndefined();
    expect(loads).toBe(1);
    generation++;
    await memo.read('gone', load);
    expect(loads).toBe(2);
  });

  it('does not keep an answer when a write happened while it was read', async () => {
    let generation = 0;
    let loads = 0;
    const memo = createWriteGenerationMemo<number>(() => generation);
    const racing = async () => {
      loads++;
      generation++; // a write that finished while this read was on its way
      return loads;
    };
    expect(await memo.read('a', racing)).toBe(1);
    expect(await memo.read('a', async () => ++loads)).toBe(2);
    expect(await memo.read('a', async () => ++loads)).toBe(2);
  });

  it('reads every time without a generation (PostgreSQL: other processes write)', async () => {
    let loads = 0;
    const memo = createWriteGenerationMemo<number>(undefined);
    await memo.read('a', async () => ++loads);
    await memo.read('a', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('holds at most its bound, starting afresh when full', async () => {
    let loads = 0;
    const memo = createWriteGenerationMemo<number>(() => 0, 2);
    for (const key of ['a', 'b', 'c']) await memo.read(key, async () => ++loads);
    expect(await memo.read('c', async () => ++loads)).toBe(3);
    expect(await memo.read('a', async () => ++loads)).toBe(4);
  });
});
