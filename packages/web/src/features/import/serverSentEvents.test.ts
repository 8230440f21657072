import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './serverSentEvents';

/** A response whose body arrives in the given pieces, as a network delivers a stream. */
function streamed(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('server-sent events of a POST', () => {
  it('yields each event once complete, also when a block is split across chunks', async () => {
    const response = streamed([
      'event: progress\ndata: {"done":500,',
      '"total":1000}\n\n: keep-alive\n\nevent: progress\r\ndata: {"done":1000,"total":1000}\r\n\r\n',
      'event: result\ndata: {"batchId":"b1"}',
    ]);
    const events = [];
    for await (const event of readServerSentEvents(response)) events.push(event);
    expect(events).toEqual([
      { event: 'progress', data: '{"done":500,"total":1000}' },
      { event: 'progress', data: '{"done":1000,"total":1000}' },
      { event: 'result', data: '{"batchId":"b1"}' },
    ]);
  });
});
