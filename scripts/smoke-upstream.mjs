// The fake OpenAI-compatible upstream of the SDK smoke scripts (scripts/smoke-lib.sh), on 127.0.0.1
// at a free port, which it prints. Its providers, by path: /flaky/ always answers 503; /steady/
// answers "Hello from steady"; /toolish/ asks for the tool "weather" until the conversation holds
// its result, then answers with it; /agenttool/ asks the agent to run its own shell tool (Claude
// Code's Bash, Codex's shell or exec_command, whichever the request offers) with `echo
// orchestrator-tool-ok`, then answers with what the tool returned; /cut/ streams "Hello from" and
// falls silent, the connection left open. Whole answers and streams (with usage) alike.
import http from 'node:http';
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.url.startsWith('/flaky/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'flaky is down', type: 'server_error' } }));
      return;
    }
    const r = JSON.parse(body);
    const base = { id: 'up-1', created: 1, model: r.model };
    const usage = { prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 };
    let message = { role: 'assistant', content: 'Hello from steady' };
    let finish = 'stop';
    if (req.url.startsWith('/toolish/')) {
      const result = r.messages.find((m) => m.role === 'tool');
      if (result) {
        message = { role: 'assistant', content: `Weather: ${result.content} (for ${result.tool_call_id})` };
      } else {
        message = { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function',
          function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] };
        finish = 'tool_calls';
      }
    }
    if (req.url.startsWith('/agenttool/')) {
      const result = r.messages.filter((m) => m.role === 'tool').at(-1);
      const names = (r.tools || []).map((t) => t.function?.name);
      const shell = { Bash: { command: 'echo orchestrator-tool-ok', description: 'Print a marker' },
        shell: { command: ['echo', 'orchestrator-tool-ok'] },
        exec_command: { cmd: 'echo orchestrator-tool-ok' } };
      const name = Object.keys(shell).find((n) => names.includes(n));
      if (result) {
        const text = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
        message = { role: 'assistant', content: `Tool said: ${text.slice(0, 400)}` };
      } else if (name) {
        message = { role: 'assistant', content: null, tool_calls: [{ id: 'call_sh1', type: 'function',
          function: { name, arguments: JSON.stringify(shell[name]) } }] };
        finish = 'tool_calls';
      } else {
        message = { role: 'assistant', content: `No shell tool offered (tools: ${names.join(', ')})` };
      }
    }
    if (req.url.startsWith('/cut/')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Hello', ' from']) {
        res.write('data: ' + JSON.stringify({ ...base, object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }) + '\n\n');
      }
      return; // silent from here on
    }
    if (!r.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion', usage,
        choices: [{ index: 0, message, finish_reason: finish }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (o) => res.write('data: ' + JSON.stringify(o) + '\n\n');
    const chunk = (delta, finish_reason = null) =>
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason }] });
    if (message.tool_calls) {
      const c = message.tool_calls[0];
      chunk({ tool_calls: [{ index: 0, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] });
      chunk({ tool_calls: [{ index: 0, function: { arguments: c.function.arguments } }] });
    } else {
      for (const piece of message.content.match(/.{1,6}/g)) chunk({ content: piece });
    }
    chunk({}, finish);
    send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    res.end('data: [DONE]\n\n');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
