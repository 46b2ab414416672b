package dev.orchestrator.benchmarks.load;

import dev.orchestrator.providers.simulation.LoopbackListener;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A fast OpenAI-compatible chat upstream on {@code 127.0.0.1} for load and fault runs: raw blocking
 * sockets, one daemon thread per keep-alive connection, every answer written from pre-computed
 * bytes, so it costs a few microseconds per request and is never the bottleneck.
 *
 * <p>It answers {@code POST <anything>} with a chat completion (or, when the body asks for {@code
 * "stream":true}, an SSE stream of 8 content chunks, usage and {@code [DONE]}). What it plays for
 * each request is chosen by a {@link Behaviour}: a normal answer or one of the {@link Action}
 * faults. The route of a request is {@code <provider>/<model>}: the provider from a path of the
 * form {@code /p/<provider>/v1/...} ({@code -} otherwise), the model from the body; calls are
 * counted per route.
 *
 * <p>Bounded: at most {@link #MAX_CONNECTIONS} connections, request heads of 64 KiB, bodies of 16
 * MiB; every wait (stall, slow first token) ends when the client closes its connection, after
 * {@link #MAX_WAIT_MS}, or on {@link #close()}. Thread-safe.
 */
public final class LoopbackUpstream implements AutoCloseable {

  /** Most connections served at once; more are closed on accept. */
  public static final int MAX_CONNECTIONS = 4096;

  /** The longest any scripted wait lasts when the client does not give up first. */
  public static final long MAX_WAIT_MS = 60_000;

  private static final boolean DEBUG = Boolean.getBoolean("loopback.debug");
  private static final int MAX_HEAD_BYTES = 64 * 1024;
  private static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

  /** What the upstream plays for one request. */
  public enum Action {
    /** A normal completion (or stream). */
    OK,
    /** HTTP 500 with OpenAI's {@code server_error} body. */
    SERVER_ERROR,
    /** HTTP 503 with Envoy's plain-text overflow body. */
    UNAVAILABLE,
    /** HTTP 429 {@code rate_limit_exceeded} without {@code Retry-After}. */
    RATE_LIMITED,
    /** HTTP 429 {@code rate_limit_exceeded} with {@code Retry-After: 1}. */
    RATE_LIMITED_RETRY_AFTER,
    /** Reads the request, then resets the connection (SO_LINGER 0) before any response byte. */
    RESET,
    /** Sends the response head, then nothing until the client gives up. */
    STALL,
    /**
     * Sends about half of the answer, then closes: a stream cut after visible output, or a body
     * shorter than its {@code Content-Length}.
     */
    CUT,
    /** Sends the head at once and the first token after {@code slowFirstTokenMs}. */
    SLOW_FIRST_TOKEN
  }

  /** Chooses the action for each request. Must be thread-safe. */
  @FunctionalInterface
  public interface Behaviour {
    /**
     * The action for one request.
     *
     * @param routeId {@code provider/model}
     * @param stream whether the request asked for a stream
     */
    Action next(String routeId, boolean stream);

    /** Always a normal answer. */
    static Behaviour healthy() {
      return (r, s) -> Action.OK;
    }
  }

  static final String CONTENT_TOKENS_JOINED = "Hello! This is a benchmark answer from loopback.";
  private static final String[] TOKENS = {
    "Hello!", " This", " is", " a", " benchmark", " answer", " from", " loopback."
  };

  private static final byte[] COMPLETION_BODY =
      ("{\"id\":\"chatcmpl-loopback\",\"object\":\"chat.completion\",\"created\":1764441600,"
              + "\"model\":\"bench-model\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
              + "\"assistant\",\"content\":\""
              + CONTENT_TOKENS_JOINED
              + "\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":21,"
              + "\"completion_tokens\":9,\"total_tokens\":30}}")
          .getBytes(StandardCharsets.UTF_8);
  private static final byte[] COMPLETION =
      concat(head(200, "OK", "application/json", COMPLETION_BODY.length, ""), COMPLETION_BODY);
  private static final byte[] STREAM_HEAD = head(200, "OK", "text/event-stream", -1, "");
  private static final byte[] STREAM_ROLE =
      chunk(event("{\"role\":\"assistant\",\"content\":\"\"}", "null"));
  private static final byte[][] STREAM_TOKENS = tokenChunks();
  private static final byte[] STREAM_END =
      concat(
          chunk(event("{}", "\"stop\"")),
          chunk(
              ("data: {\"id\":\"chatcmpl-loopback\",\"object\":\"chat.completion.chunk\","
                      + "\"created\":1764441600,\"model\":\"bench-model\",\"choices\":[],"
                      + "\"usage\":{\"prompt_tokens\":21,\"completion_tokens\":9,"
                      + "\"total_tokens\":30}}\n\n")
                  .getBytes(StandardCharsets.UTF_8)),
          chunk("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8)),
          "0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
  private static final byte[] SERVER_ERROR =
      answer(
          500,
          "Internal Server Error",
          "",
          "{\"error\":{\"message\":\"The server had an error processing your request. Sorry about"
              + " that! You can retry your request.\",\"type\":\"server_error\",\"param\":null,"
              + "\"code\":null}}");
  private static final byte[] UNAVAILABLE =
      answer(
          503,
          "Service Unavailable",
          "",
          "upstream connect error or disconnect/reset before headers. reset reason: overflow");
  private static final String RATE_LIMIT_BODY =
      "{\"error\":{\"message\":\"Rate limit reached for bench-model on requests per min (RPM):"
          + " Limit 500, Used 500, Requested 1.\",\"type\":\"requests\",\"param\":null,"
          + "\"code\":\"rate_limit_exceeded\"}}";
  private static final byte[] RATE_LIMITED = answer(429, "Too Many Requests", "", RATE_LIMIT_BODY);
  private static final byte[] RATE_LIMITED_RETRY_AFTER =
      answer(429, "Too Many Requests", "Retry-After: 1\r\n", RATE_LIMIT_BODY);

  private final Behaviour behaviour;
  private final long slowFirstTokenMs;
  private final LoopbackListener listener;
  private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();
  private final Map<Action, LongAdder> actions = new ConcurrentHashMap<>();

  private LoopbackUpstream(Behaviour behaviour, long slowFirstTokenMs, int port) {
    this.behaviour = behaviour;
    this.slowFirstTokenMs = slowFirstTokenMs;
    this.listener =
        LoopbackListener.start(port, 1024, MAX_CONNECTIONS, "loopback-upstream", this::serve);
  }

  /** A healthy upstream on an ephemeral port. */
  public static LoopbackUpstream start() {
    return start(Behaviour.healthy(), 0, 0);
  }

  /**
   * Starts an upstream.
   *
   * @param behaviour what to play per request
   * @param slowFirstTokenMs the first-token delay of {@link Action#SLOW_FIRST_TOKEN}
   * @param port the port on 127.0.0.1, or 0 for an ephemeral one
   * @throws UncheckedIOException when the port cannot be bound
   */
  public static LoopbackUpstream start(Behaviour behaviour, long slowFirstTokenMs, int port) {
    return new LoopbackUpstream(behaviour, slowFirstTokenMs, port);
  }

  /** The port it listens on. */
  public int port() {
    return listener.port();
  }

  /** Base URL for provider {@code id}: {@code http://127.0.0.1:PORT/p/<id>/v1}. */
  public String baseUrl(String providerId) {
    return "http://127.0.0.1:" + port() + "/p/" + providerId + "/v1";
  }

  /** Calls per route id so far (sorted). */
  public Map<String, Long> callsByRoute() {
    Map<String, Long> out = new TreeMap<>();
    calls.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** How often each action was played so far. */
  public Map<Action, Long> actionsPlayed() {
    Map<Action, Long> out = new TreeMap<>();
    actions.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** Connections accepted since the start. */
  public int acceptedConnections() {
    return listener.acceptedConnections();
  }

  /** Connections open on the server side now. */
  public int openConnections() {
    return listener.openConnections();
  }

  /**
   * Closes the listening socket and every connection; idempotent, waits about two seconds at most.
   */
  @Override
  public void close() {
    listener.close();
  }

  private void serve(Socket s) {
    try {
      s.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(s.getInputStream(), 16 * 1024);
      OutputStream out = new BufferedOutputStream(s.getOutputStream(), 16 * 1024);
      byte[] buf = new byte[MAX_HEAD_BYTES];
      while (!s.isClosed()) {
        Request r = read(in, buf);
        if (r == null || !play(r, s, in, out)) {
          return;
        }
      }
    } catch (IOException | RuntimeException e) {
      // the client went away, or close() closed the socket
      if (DEBUG && !s.isClosed()) {
        System.err.println("loopback upstream: connection ended: " + e);
      }
    }
  }

  private record Request(String routeId, boolean stream) {}

  /** Reads one request; {@code null} at a clean end of the connection. */
  private static Request read(InputStream in, byte[] buf) throws IOException {
    int n = 0;
    int contentLength = 0;
    boolean chunked = false;
    String path = null;
    int lineStart = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (n == 0) {
          return null;
        }
        throw new IOException("eof in request head");
      }
      if (n == buf.length) {
        throw new IOException("request head too large");
      }
      buf[n++] = (byte) b;
      if (b != '\n') {
        continue;
      }
      int end = n - 1;
      if (end > lineStart && buf[end - 1] == '\r') {
        end--;
      }
      if (end == lineStart) {
        if (path == null) {
          lineStart = n; // tolerate a stray blank line before the request line
          continue;
        }
        break;
      }
      String line = new String(buf, lineStart, end - lineStart, StandardCharsets.ISO_8859_1);
      lineStart = n;
      if (path == null) {
        int sp1 = line.indexOf(' ');
        int sp2 = line.indexOf(' ', sp1 + 1);
        if (sp1 < 0 || sp2 < 0) {
          throw new IOException("bad request line");
        }
        path = line.substring(sp1 + 1, sp2);
        continue;
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        continue;
      }
      String name = line.substring(0, colon).trim();
      if (name.equalsIgnoreCase("content-length")) {
        contentLength = Integer.parseInt(line.substring(colon + 1).trim());
        if (contentLength < 0 || contentLength > MAX_BODY_BYTES) {
          throw new IOException("bad content-length");
        }
      } else if (name.equalsIgnoreCase("transfer-encoding")) {
        chunked = line.substring(colon + 1).trim().equalsIgnoreCase("chunked");
      }
    }
    byte[] body = chunked ? readChunked(in) : in.readNBytes(contentLength);
    if (!chunked && body.length < contentLength) {
      throw new IOException("eof in body");
    }
    String text = new String(body, StandardCharsets.UTF_8);
    return new Request(provider(path) + "/" + model(text), streams(text));
  }

  private static byte[] readChunked(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    while (true) {
      String size = readLine(in);
      int semi = size.indexOf(';');
      int n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
      if (n == 0) {
        while (!readLine(in).isEmpty()) {
          // trailers
        }
        return out.toByteArray();
      }
      if (out.size() + n > MAX_BODY_BYTES) {
        throw new IOException("body too large");
      }
      out.write(in.readNBytes(n));
      readLine(in);
    }
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("eof in chunked body");
      }
      if (b == '\n') {
        int len = sb.length();
        if (len > 0 && sb.charAt(len - 1) == '\r') {
          sb.setLength(len - 1);
        }
        return sb.toString();
      }
      if (sb.length() > 1024) {
        throw new IOException("chunk line too long");
      }
      sb.append((char) b);
    }
  }

  static String provider(String path) {
    if (path.startsWith("/p/")) {
      int end = path.indexOf('/', 3);
      if (end > 3) {
        return path.substring(3, end);
      }
    }
    return "-";
  }

  /** The {@code model} string of a JSON body, or {@code -}; a scan, not a parse. */
  static String model(String body) {
    int k = body.indexOf("\"model\"");
    if (k < 0) {
      return "-";
    }
    int colon = body.indexOf(':', k + 7);
    int open = colon < 0 ? -1 : body.indexOf('"', colon + 1);
    int close = open < 0 ? -1 : body.indexOf('"', open + 1);
    return close < 0 ? "-" : body.substring(open + 1, close);
  }

  /** Whether a JSON body has {@code "stream": true}; a scan, not a parse. */
  static boolean streams(String body) {
    int k = body.indexOf("\"stream\"");
    if (k < 0) {
      return false;
    }
    int i = k + 8;
    while (i < body.length() && (body.charAt(i) == ' ' || body.charAt(i) == ':')) {
      i++;
    }
    return body.startsWith("true", i);
  }

  private boolean play(Request r, Socket s, InputStream in, OutputStream out) throws IOException {
    calls.computeIfAbsent(r.routeId(), k -> new LongAdder()).increment();
    Action a = behaviour.next(r.routeId(), r.stream());
    actions.computeIfAbsent(a, k -> new LongAdder()).increment();
    switch (a) {
      case OK:
        if (r.stream()) {
          out.write(STREAM_HEAD);
          out.write(STREAM_ROLE);
          out.write(STREAM_TOKENS[0]);
          out.flush();
          for (int i = 1; i < STREAM_TOKENS.length; i++) {
            out.write(STREAM_TOKENS[i]);
          }
          out.write(STREAM_END);
        } else {
          out.write(COMPLETION);
        }
        out.flush();
        return true;
      case SERVER_ERROR:
        return write(out, SERVER_ERROR);
      case UNAVAILABLE:
        return write(out, UNAVAILABLE);
      case RATE_LIMITED:
        return write(out, RATE_LIMITED);
      case RATE_LIMITED_RETRY_AFTER:
        return write(out, RATE_LIMITED_RETRY_AFTER);
      case RESET:
        s.setSoLinger(true, 0);
        s.close();
        return false;
      case STALL:
        if (r.stream()) {
          out.write(STREAM_HEAD);
        } else {
          out.write(head(200, "OK", "application/json", COMPLETION_BODY.length, ""));
        }
        out.flush();
        waitForClient(s, in, MAX_WAIT_MS);
        return false;
      case CUT:
        if (r.stream()) {
          out.write(STREAM_HEAD);
          out.write(STREAM_ROLE);
          for (int i = 0; i < STREAM_TOKENS.length / 2; i++) {
            out.write(STREAM_TOKENS[i]);
          }
        } else {
          out.write(head(200, "OK", "application/json", COMPLETION_BODY.length, ""));
          out.write(COMPLETION_BODY, 0, COMPLETION_BODY.length / 2);
        }
        out.flush();
        s.shutdownOutput(); // a FIN after the partial answer, not a reset that could drop it
        waitForClient(s, in, 1000);
        return false;
      case SLOW_FIRST_TOKEN:
        out.write(
            r.stream()
                ? STREAM_HEAD
                : head(200, "OK", "application/json", COMPLETION_BODY.length, ""));
        out.flush();
        if (!waitForClient(s, in, slowFirstTokenMs)) {
          return false;
        }
        if (r.stream()) {
          out.write(STREAM_ROLE);
          for (byte[] t : STREAM_TOKENS) {
            out.write(t);
          }
          out.write(STREAM_END);
        } else {
          out.write(COMPLETION_BODY);
        }
        out.flush();
        return true;
    }
    throw new IllegalStateException("unhandled action " + a);
  }

  private static boolean write(OutputStream out, byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
    return true;
  }

  /**
   * Waits up to {@code ms} for the client to close (or send anything): returns {@code true} when
   * the time passed with the client still there.
   */
  private boolean waitForClient(Socket s, InputStream in, long ms) throws IOException {
    long deadline = System.nanoTime() + ms * 1_000_000L;
    while (!s.isClosed()) {
      long left = (deadline - System.nanoTime()) / 1_000_000L;
      if (left <= 0) {
        return true;
      }
      s.setSoTimeout((int) Math.min(left, 1000));
      try {
        in.read();
        return false;
      } catch (SocketTimeoutException e) {
        // keep waiting
      }
    }
    return false;
  }

  // ---- pre-computed bytes

  private static byte[] head(int status, String reason, String type, long length, String extra) {
    StringBuilder sb = new StringBuilder();
    sb.append("HTTP/1.1 ").append(status).append(' ').append(reason).append("\r\n");
    sb.append("Content-Type: ").append(type).append("\r\n");
    sb.append("x-request-id: req_loopback\r\n");
    sb.append(extra);
    if (length >= 0) {
      sb.append("Content-Length: ").append(length).append("\r\n");
    } else {
      sb.append("Transfer-Encoding: chunked\r\nCache-Control: no-cache\r\n");
    }
    sb.append("\r\n");
    return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] answer(int status, String reason, String extra, String body) {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    String type = body.startsWith("{") ? "application/json" : "text/plain";
    return concat(head(status, reason, type, b.length, extra), b);
  }

  private static byte[] event(String delta, String finish) {
    return ("data: {\"id\":\"chatcmpl-loopback\",\"object\":\"chat.completion.chunk\","
            + "\"created\":1764441600,\"model\":\"bench-model\",\"choices\":[{\"index\":0,"
            + "\"delta\":"
            + delta
            + ",\"finish_reason\":"
            + finish
            + "}]}\n\n")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static byte[][] tokenChunks() {
    byte[][] out = new byte[TOKENS.length][];
    for (int i = 0; i < TOKENS.length; i++) {
      out[i] = chunk(event("{\"content\":\"" + TOKENS[i] + "\"}", "null"));
    }
    return out;
  }

  private static byte[] chunk(byte[] data) {
    byte[] size = (Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
    return concat(size, data, "\r\n".getBytes(StandardCharsets.ISO_8859_1));
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int i = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, i, p.length);
      i += p.length;
    }
    return out;
  }
}
