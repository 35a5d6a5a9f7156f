import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from '../../testing/temp-workspace.ts';
import { embedderOf, embeddingSpecOf } from './embedding-config.ts';

let ws: TempWorkspace;
beforeEach(() => {
  ws = createTempWorkspace({ 'a.md': '# A\n' });
});
afterEach(() => ws.cleanup());

const writeConfig = (config: unknown) => {
  mkdirSync(join(ws.root, '.footnote'), { recursive: true });
  writeFileSync(join(ws.root, '.footnote', 'config.json'), JSON.stringify(config));
};

describe('embeddingSpecOf', () => {
  it('is null with nothing configured (lexical only)', () => {
    expect(embeddingSpecOf(ws.root, {}, {})).toBeNull();
    expect(
      embeddingSpecOf(ws.root, { embeddingModel: '  ' }, { FOOTNOTE_EMBEDDING_MODEL: '' }),
    ).toBeNull();
    expect(embedderOf(ws.root, {}, {})).toBeNull();
  });

  it('takes flags over config.json over the environment, for the model and the base URL each', () => {
    const env = {
      FOOTNOTE_EMBEDDING_MODEL: 'ollama:from-env',
      FOOTNOTE_EMBEDDING_BASE_URL: 'http://env:1/v1',
    };
    expect(embeddingSpecOf(ws.root, {}, env)).toMatchObject({
      model: 'ollama:from-env',
      baseUrl: 'http://env:1/v1',
    });
    writeConfig({ embeddingModel: 'ollama:from-config' });
    expect(embeddingSpecOf(ws.root, {}, env)).toMatchObject({
      model: 'ollama:from-config',
      baseUrl: 'http://env:1/v1',
    });
    expect(
      embeddingSpecOf(
        ws.root,
        { embeddingModel: 'openai-compatible:flag', embeddingBaseUrl: 'http://flag:2/v1' },
        env,
      ),
    ).toMatchObject({ model: 'openai-compatible:flag', baseUrl: 'http://flag:2/v1' });
  });

  it('rejects --embedding-base-url without a model to send to it', () => {
    expect(() => embeddingSpecOf(ws.root, { embeddingBaseUrl: 'http://h:1/v1' }, {})).toThrow(
      /--embedding-base-url names no model/,
    );
    expect(
      embeddingSpecOf(ws.root, {}, { FOOTNOTE_EMBEDDING_BASE_URL: 'http://h:1/v1' }),
    ).toBeNull();
  });

  it('passes FOOTNOTE_EMBEDDING_API_KEY as the key', () => {
    expect(
      embeddingSpecOf(ws.root, { embeddingModel: 'ollama:x' }, { FOOTNOTE_EMBEDDING_API_KEY: 'k' })
        ?.apiKey,
    ).toBe('k');
  });

  it('rejects a bad embeddingModel in config.json naming the file and the field', () => {
    writeConfig({ embeddingModel: 'nomic-embed-text' });
    expect(() => embeddingSpecOf(ws.root, {}, {})).toThrow(
      /config\.json: embeddingModel: embedding model spec "nomic-embed-text" names no provider/,
    );
    writeConfig({ embeddingBaseUrl: 'not a url' });
    expect(() => embeddingSpecOf(ws.root, {}, {})).toThrow(/config\.json: embeddingBaseUrl/);
  });

  it('builds the embedder named provider:name', () => {
    writeConfig({ embeddingModel: 'ollama:nomic-embed-text' });
    expect(embedderOf(ws.root, {}, {})?.model).toBe('ollama:nomic-embed-text');
    expect(() => embedderOf(ws.root, { embeddingModel: 'openai-compatible:x' }, {})).toThrow(
      /needs a base URL/,
    );
  });
});
