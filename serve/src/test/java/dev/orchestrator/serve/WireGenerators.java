package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.serve.http.Json;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik generators of OpenAI chat-completions requests (as an agent writes them, in the forms the
 * wire keeps verbatim) and of upstream answers (as an OpenAI-compatible route writes them).
 */
final class WireGenerators {
  private WireGenerators() {}

  static final String PNG = WireFidelityIT.PNG;

  /** Text with spaces, accents and JSON-escaped characters (never a lone surrogate). */
  static Arbitrary<String> words() {
    return Arbitraries.strings()
        .alpha()
        .numeric()
        .withChars(' ', 'é', 'Ω', '"', '\\')
        .ofMinLength(1)
        .ofMaxLength(24);
  }

  static Arbitrary<Double> quarters(int lo, int hi) {
    return Arbitraries.integers().between(lo * 4, hi * 4).map(i -> i / 4.0);
  }

  static <T> Arbitrary<T> maybe(Arbitrary<T> a) {
    return a.injectNull(0.4);
  }

  /** A user message: a string, or parts of text, images (URL or data) and a raw audio part. */
  private static Arbitrary<ObjectNode> userMessage() {
    Arbitrary<ObjectNode> text = words().map(t -> obj().put("type", "text").put("text", t));
    Arbitrary<ObjectNode> image =
        Combinators.combine(
                Arbitraries.of("https://img.test/a.png", "data:image/png;base64," + PNG),
                Arbitraries.of("auto", "low", "high").injectNull(0.5))
            .as(
                (url, detail) -> {
                  ObjectNode p = obj().put("type", "image_url");
                  ObjectNode u = p.putObject("image_url").put("url", url);
                  if (detail != null) {
                    u.put("detail", detail);
                  }
                  return p;
                });
    Arbitrary<ObjectNode> audio =
        Arbitraries.just(0)
            .map(
                i -> {
                  ObjectNode p = obj().put("type", "input_audio");
                  p.putObject("input_audio").put("data", "AAAA").put("format", "wav");
                  return p;
                });
    Arbitrary<List<ObjectNode>> parts =
        Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, text),
                net.jqwik.api.Tuple.of(2, image),
                net.jqwik.api.Tuple.of(1, audio))
            .list()
            .ofMinSize(2)
            .ofMaxSize(4);
    return Combinators.combine(words(), parts, Arbitraries.of(true, false), maybe(words()))
        .as(
            (t, ps, plain, name) -> {
              ObjectNode m = obj().put("role", "user");
              if (plain) {
                m.put("content", t);
              } else {
                ps.forEach(m.putArray("content")::add);
              }
              if (name != null) {
                m.put("name", name.replaceAll("[^A-Za-z0-9]", "x"));
              }
              return m;
            });
  }

  /** Messages: an optional system prompt, a user turn, an optional tool round trip. */
  private static Arbitrary<ArrayNode> messages() {
    return Combinators.combine(maybe(words()), userMessage(), Arbitraries.of(true, false), words())
        .as(
            (system, user, toolTrip, result) -> {
              ArrayNode ms = Json.MAPPER.createArrayNode();
              if (system != null) {
                ms.addObject().put("role", "system").put("content", system);
              }
              ms.add(user);
              if (toolTrip) {
                ObjectNode a = ms.addObject().put("role", "assistant");
                a.putNull("content");
                ObjectNode call = a.putArray("tool_calls").addObject();
                call.put("id", "call_1").put("type", "function");
                call.putObject("function").put("name", "lookup").put("arguments", "{\"q\":1}");
                ms.addObject()
                    .put("role", "tool")
                    .put("tool_call_id", "call_1")
                    .put("content", result);
              }
              return ms;
            });
  }

  /** A whole request to {@code model}, every optional field present or absent. */
  static Arbitrary<ObjectNode> request(String model) {
    Arbitrary<ObjectNode> sampling =
        Combinators.combine(
                maybe(quarters(0, 2)),
                maybe(quarters(0, 1)),
                maybe(words().list().ofMinSize(1).ofMaxSize(3)),
                maybe(Arbitraries.longs()),
                maybe(Arbitraries.integers().between(1, 4096)),
                maybe(Arbitraries.integers().between(1, 4096)),
                maybe(quarters(-2, 2)),
                maybe(quarters(-2, 2)))
            .as(
                (t, p, stop, seed, max, maxc, pp, fp) -> {
                  ObjectNode o = obj();
                  if (t != null) {
                    o.put("temperature", t);
                  }
                  if (p != null) {
                    o.put("top_p", p);
                  }
                  if (stop != null) {
                    stop.forEach(o.putArray("stop")::add);
                  }
                  if (seed != null) {
                    o.put("seed", seed);
                  }
                  if (max != null) {
                    o.put("max_tokens", max);
                  }
                  if (maxc != null) {
                    o.put("max_completion_tokens", maxc);
                  }
                  if (pp != null) {
                    o.put("presence_penalty", pp);
                  }
                  if (fp != null) {
                    o.put("frequency_penalty", fp);
                  }
                  return o;
                });
    Arbitrary<ObjectNode> agentic =
        Combinators.combine(
                Arbitraries.of("absent", "auto", "none", "required", "lookup"),
                maybe(Arbitraries.of(true, false)),
                Arbitraries.of("absent", "text", "json_object", "json_schema"),
                maybe(Arbitraries.of("none", "minimal", "low", "medium", "high", "xhigh")),
                maybe(words()),
                maybe(Arbitraries.integers().between(0, 5)),
                maybe(words()))
            .as(
                (choice, parallel, format, effort, user, topLogprobs, vendor) -> {
                  ObjectNode o = obj();
                  ObjectNode fn = o.putArray("tools").addObject().put("type", "function");
                  fn.putObject("function")
                      .put("name", "lookup")
                      .putObject("parameters")
                      .put("type", "object");
                  if (choice.equals("lookup")) {
                    o.putObject("tool_choice")
                        .put("type", "function")
                        .putObject("function")
                        .put("name", "lookup");
                  } else if (!choice.equals("absent")) {
                    o.put("tool_choice", choice);
                  }
                  if (parallel != null) {
                    o.put("parallel_tool_calls", parallel);
                  }
                  if (format.equals("json_schema")) {
                    ObjectNode js =
                        o.putObject("response_format")
                            .put("type", "json_schema")
                            .putObject("json_schema");
                    js.put("name", "answer").put("strict", true);
                    js.putObject("schema").put("type", "object");
                  } else if (!format.equals("absent")) {
                    o.putObject("response_format").put("type", format);
                  }
                  if (effort != null) {
                    o.put("reasoning_effort", effort);
                  }
                  if (user != null) {
                    o.put("user", user);
                    o.putObject("metadata").put("session", user);
                  }
                  if (topLogprobs != null) {
                    o.put("logprobs", true).put("top_logprobs", topLogprobs);
                  }
                  if (vendor != null) {
                    o.putObject("provider").putArray("order").add(vendor);
                    o.put("x_vendor_knob", 0.5);
                  }
                  return o;
                });
    return Combinators.combine(messages(), sampling, agentic)
        .as(
            (ms, s, a) -> {
              ObjectNode r = obj().put("model", model);
              r.set("messages", ms);
              r.setAll(s);
              r.setAll(a);
              return r;
            });
  }

  /** An upstream's whole answer: always usable (text, a refusal or a tool call). */
  static Arbitrary<ObjectNode> answer() {
    return Combinators.combine(
            Arbitraries.strings().alpha().numeric().ofLength(12),
            maybe(Arbitraries.strings().alpha().numeric().ofLength(8)),
            maybe(words()),
            maybe(words()),
            maybe(words()),
            Arbitraries.of("reasoning_content", "reasoning"),
            Arbitraries.integers().between(0, 2),
            Combinators.combine(
                    Arbitraries.integers().between(0, 5000),
                    Arbitraries.integers().between(0, 5000),
                    maybe(Arbitraries.integers().between(0, 100)),
                    maybe(Arbitraries.integers().between(0, 100)))
                .as(java.util.Arrays::asList))
        .as(
            (id, fp, content, refusal, reasoning, reasoningField, calls, usage) -> {
              ObjectNode a = obj().put("id", "chatcmpl-" + id).put("object", "chat.completion");
              a.put("model", "seer");
              if (fp != null) {
                a.put("system_fingerprint", "fp_" + fp);
              }
              ObjectNode choice = a.putArray("choices").addObject().put("index", 0);
              ObjectNode m = choice.putObject("message").put("role", "assistant");
              String text = content == null && refusal == null && calls == 0 ? "fallback" : content;
              if (text == null) {
                m.putNull("content");
              } else {
                m.put("content", text);
              }
              if (refusal != null) {
                m.put("refusal", refusal);
              }
              if (reasoning != null) {
                m.put(reasoningField, reasoning);
              }
              if (calls > 0) {
                ArrayNode tc = m.putArray("tool_calls");
                for (int i = 0; i < calls; i++) {
                  ObjectNode c = tc.addObject().put("id", "call_" + id + i).put("type", "function");
                  c.putObject("function")
                      .put("name", "lookup")
                      .put("arguments", "{\"i\":" + i + "}");
                }
              }
              choice.put("finish_reason", calls > 0 ? "tool_calls" : "stop");
              ObjectNode u = a.putObject("usage");
              int p = usage.get(0);
              int c = usage.get(1);
              u.put("prompt_tokens", p).put("completion_tokens", c).put("total_tokens", p + c);
              if (usage.get(2) != null) {
                u.putObject("prompt_tokens_details").put("cached_tokens", usage.get(2));
              }
              if (usage.get(3) != null) {
                u.putObject("completion_tokens_details").put("reasoning_tokens", usage.get(3));
              }
              return a;
            });
  }

  static ObjectNode obj() {
    return Json.MAPPER.createObjectNode();
  }
}
