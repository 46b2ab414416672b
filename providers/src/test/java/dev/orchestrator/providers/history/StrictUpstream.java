package dev.orchestrator.providers.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.providers.simulation.LoopbackListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback upstream that serves one strict stand-in per provider family ({@link StrictFamilies})
 * under {@code /<family>/…}: a history the family refuses gets the family's own error body; an
 * accepted one gets an answer that echoes the last tool-call id of the history it received (as a
 * route replaying a call does), so a test sees whether the caller gets its own id back. A history
 * that ends in an assistant message (a prefill) gets the text {@code done}, which the Mistral
 * stand-in puts after the prefill it was sent marked {@code prefix}, as Mistral repeats it ("The
 * model will reply always starting with the exact same string as a prefix",
 * https://docs.mistral.ai/studio-api/conversations/chat-completion), split across stream chunks.
 * One request per connection. Thread-safe.
 */
public final class StrictUpstream implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The path of a stand-in that is always down ({@code 503}), to make a pool fail over. */
  public static final String DOWN = "down";

  private final LoopbackListener listener;
  private final List<Received> received = new CopyOnWriteArrayList<>();

  /**
   * One request as the stand-in saw it.
   *
   * @param family the family of the route
   * @param body the request body
   * @param refusal the family's refusal, or {@code null} when it accepted the body
   */
  public record Received(String family, JsonNode body, StrictFamilies.Refusal refusal) {}

  private StrictUpstream() {
    listener = LoopbackListener.start(0, 50, 16, "strict-upstream", this::serve);
  }

  /** Starts listening on an ephemeral port. */
  public static StrictUpstream start() {
    return new StrictUpstream();
  }

  /** The base URL of {@code family}'s stand-in. */
  public String baseUrl(String family) {
    return "http://127.0.0.1:" + listener.port() + "/" + family;
  }

  /** Every request so far, in arrival order. */
  public List<Received> received() {
    return List.copyOf(received);
  }

  @Override
  public void close() {
    listener.close();
  }

  private void serve(Socket s) {
    try (s) {
      InputStream in = s.getInputStream();
      String head = readHead(in);
      String path = head.substring(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
      String family = path.split("/")[1];
      int length = 0;
      for (String line : head.split("\r\n")) {
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring(15).trim());
        }
      }
      JsonNode body = JSON.readTree(in.readNBytes(length));
      if (family.equals(DOWN)) {
        received.add(new Received(family, body, null));
        write(s.getOutputStream(), 503, "{\"error\":{\"message\":\"overloaded\"}}");
        return;
      }
      StrictFamilies.Refusal refusal = StrictFamilies.check(family, body);
      received.add(new Received(family, body, refusal));
      if (refusal != null) {
        write(s.getOutputStream(), refusal.status(), refusal.body());
      } else if (body.path("stream").asBoolean(false)) {
        writeStream(s.getOutputStream(), streamed(family, body));
      } else {
        write(s.getOutputStream(), 200, answer(family, body));
      }
    } catch (IOException | RuntimeException e) {
      // the client left, or sent what no test sends: the connection is closed
    }
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < 4 && (c = in.read()) != -1) {
      b.write(c);
      matched = c == end[matched] ? matched + 1 : c == '\r' ? 1 : 0;
    }
    return b.toString(StandardCharsets.ISO_8859_1);
  }

  private static void write(OutputStream out, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    out.write(
        ("HTTP/1.1 "
                + status
                + (status == 200 ? " OK" : status == 503 ? " Service Unavailable" : " Bad Request")
                + "\r\nContent-Type: application/json\r\nContent-Length: "
                + bytes.length
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    out.write(bytes);
    out.flush();
  }

  private static void writeStream(OutputStream out, String events) throws IOException {
    out.write(
        ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    out.write(events.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /**
   * The answer as an event stream: one tool call echoing the history's last call id (a Gemini
   * stand-in signs it, as Gemini's stream does in {@code extra_content}), or a text.
   */
  private static String streamed(String family, JsonNode body) throws IOException {
    String id = endsInPrefill(body) ? null : lastCallId(family, body);
    String quoted = id == null ? null : JSON.writeValueAsString(id);
    if (family.equals("anthropic")) {
      String start =
          "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":"
              + "\"msg_strict\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\","
              + "\"content\":[],\"usage\":{\"input_tokens\":5,\"output_tokens\":0}}}\n\n";
      String block =
          id == null
              ? "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
                  + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
                  + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
                  + "\"delta\":{\"type\":\"text_delta\",\"text\":\"done\"}}\n\n"
              : "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
                  + "\"content_block\":{\"type\":\"tool_use\",\"id\":"
                  + quoted
                  + ",\"name\":\"echo\",\"input\":{}}}\n\n"
                  + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
                  + "\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{}\"}}\n\n";
      return start
          + block
          + "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
          + "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\""
          + (id == null ? "end_turn" : "tool_use")
          + "\"},\"usage\":{\"output_tokens\":3}}\n\n"
          + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    }
    String head =
        "data: {\"id\":\"chatcmpl-strict\",\"object\":\"chat.completion.chunk\",\"model\":\"m\",";
    String echo = echoedPrefix(family, body);
    if (id == null && echo != null) {
      // the prefill repeated, split within it and after it, then the continuation
      String text = echo + "done";
      int a = echo.length() / 2;
      int b = echo.length() + 2;
      StringBuilder events = new StringBuilder();
      for (String piece : List.of(text.substring(0, a), text.substring(a, b), text.substring(b))) {
        events
            .append(head)
            .append("\"choices\":[{\"index\":0,\"delta\":{\"content\":")
            .append(JSON.writeValueAsString(piece))
            .append("},\"finish_reason\":null}]}\n\n");
      }
      return events
          + head
          + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":"
          + "{\"prompt_tokens\":5,\"completion_tokens\":3,\"total_tokens\":8}}\n\n"
          + "data: [DONE]\n\n";
    }
    String delta =
        id == null
            ? "{\"role\":\"assistant\",\"content\":\"done\"}"
            : "{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":"
                + quoted
                + ",\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{}\"}"
                + (family.equals("gemini")
                    ? ",\"extra_content\":{\"google\":{\"thought_signature\":\"CiQBstream\"}}"
                    : "")
                + "}]}";
    return head
        + "\"choices\":[{\"index\":0,\"delta\":"
        + delta
        + ",\"finish_reason\":null}]}\n\n"
        + head
        + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\""
        + (id == null ? "stop" : "tool_calls")
        + "\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3,\"total_tokens\":8}}\n\n"
        + "data: [DONE]\n\n";
  }

  /** The id of the last tool call of the history as received, or {@code null}. */
  static String lastCallId(String family, JsonNode body) {
    String id = null;
    for (JsonNode m : body.path("messages")) {
      if (family.equals("anthropic")) {
        for (JsonNode b : m.path("content")) {
          if (b.path("type").asText().equals("tool_use")) {
            id = b.path("id").asText();
          }
        }
      } else {
        for (JsonNode c : m.path("tool_calls")) {
          id = c.path("id").asText();
        }
      }
    }
    return id;
  }

  /** Whether the history ends in an assistant message: a prefill to continue. */
  static boolean endsInPrefill(JsonNode body) {
    JsonNode messages = body.path("messages");
    return messages.path(messages.size() - 1).path("role").asText().equals("assistant");
  }

  /**
   * The prefill Mistral repeats before its continuation: the final assistant message's text when it
   * is marked {@code prefix}; else {@code null}.
   */
  static String echoedPrefix(String family, JsonNode body) {
    JsonNode messages = body.path("messages");
    JsonNode last = messages.path(messages.size() - 1);
    if (!family.equals("mistral") || !last.path("prefix").asBoolean(false)) {
      return null;
    }
    if (last.path("content").isTextual()) {
      return last.path("content").asText();
    }
    StringBuilder text = new StringBuilder();
    for (JsonNode part : last.path("content")) {
      text.append(part.path("text").asText());
    }
    return text.toString();
  }

  private static String answer(String family, JsonNode body) throws IOException {
    String id = endsInPrefill(body) ? null : lastCallId(family, body);
    String echo = echoedPrefix(family, body);
    if (family.equals("anthropic")) {
      String content =
          id == null
              ? "{\"type\":\"text\",\"text\":\"done\"}"
              : "{\"type\":\"tool_use\",\"id\":"
                  + JSON.writeValueAsString(id)
                  + ",\"name\":\"echo\",\"input\":{}}";
      return "{\"id\":\"msg_strict\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\","
          + "\"content\":["
          + content
          + "],\"stop_reason\":\""
          + (id == null ? "end_turn" : "tool_use")
          + "\",\"usage\":{\"input_tokens\":5,\"output_tokens\":3}}";
    }
    String message =
        id == null
            ? "{\"role\":\"assistant\",\"content\":"
                + JSON.writeValueAsString((echo == null ? "" : echo) + "done")
                + "}"
            : "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":"
                + JSON.writeValueAsString(id)
                + ",\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{}\"}}]}";
    return "{\"id\":\"chatcmpl-strict\",\"object\":\"chat.completion\",\"model\":\"m\","
        + "\"choices\":[{\"index\":0,\"message\":"
        + message
        + ",\"finish_reason\":\""
        + (id == null ? "stop" : "tool_calls")
        + "\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3,\"total_tokens\":8}}";
  }
}
