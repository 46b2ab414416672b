package dev.orchestrator.providers.simulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted LLM upstream on {@code 127.0.0.1}: a raw-socket HTTP/1.1 server with full control of
 * resets, stalls and partial writes, used by {@code orchestrator simulate} and by tests
 * (docs/reference.md §4). It speaks OpenAI chat completions at {@code
 * /p/<providerId>/v1/chat/completions} and Anthropic Messages at {@code
 * /p/<providerId>/v1/messages}.
 *
 * <p>The route id of a call is {@code <providerId>/<model>}, the model taken from the request body.
 * Each call to a route takes that route's next {@link Step}; the last step repeats; a route with no
 * script answers 200 {@code "ok"}. See {@link Fault} for what each fault does.
 *
 * <p>One daemon thread accepts, and one daemon thread serves each connection (at most {@value
 * #MAX_CONNECTIONS} at once; more are closed on accept). Waits (delays, stalls, no response) block
 * on the client's socket, so they end as soon as the client gives up or {@link #close()} closes the
 * socket; {@code close()} never hangs. Thread-safe.
 */
public final class ScriptedUpstream implements AutoCloseable {

  /** Most connections served at once. */
  public static final int MAX_CONNECTIONS = 64;

  /** Default first-token delay of {@link Fault#SLOW_FIRST_TOKEN}. */
  public static final long DEFAULT_SLOW_FIRST_TOKEN_MS = 5000;

  private static final int MAX_HEADER_BYTES = 64 * 1024;
  private static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
  private static final long HANG_UP_WAIT_MS = 1000;

  /** How long a cut stream's partial answer is given to reach the client before the cut. */
  private static final long CUT_DELIVERY_MS = 80;

  private static final ObjectMapper MAPPER = JsonMapper.builder().build();

  /**
   * One request as the server received it.
   *
   * @param routeId {@code provider/model}, or {@code null} when the request named no model
   * @param method HTTP method
   * @param path request path
   * @param headers request headers, names in lower case
   * @param body the request body as text
   */
  public record Received(
      String routeId, String method, String path, Map<String, String> headers, String body) {
    /** Copies. */
    public Received {
      headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** Redacts the credential headers. */
    @Override
    public String toString() {
      Map<String, String> safe = new LinkedHashMap<>(headers);
      safe.computeIfPresent("authorization", (k, v) -> "[redacted]");
      safe.computeIfPresent("x-api-key", (k, v) -> "[redacted]");
      return "Received[routeId=" + routeId + ", " + method + " " + path + ", headers=" + safe + "]";
    }
  }

  private final Map<String, List<Step>> scripts;
  private final LoopbackListener listener;
  private final List<String> calls = new ArrayList<>();
  private final List<Received> received = new ArrayList<>();
  private final Map<String, Integer> counts = new HashMap<>();
  private final AtomicInteger ids = new AtomicInteger();

  private ScriptedUpstream(Map<String, List<Step>> scripts) {
    this.scripts = scripts;
    this.listener =
        LoopbackListener.start(0, 50, MAX_CONNECTIONS, "scripted-upstream", this::serveConnection);
  }

  /**
   * Starts a server on an ephemeral port of {@code 127.0.0.1}.
   *
   * @param scriptsByRouteId steps per route id ({@code provider/model}); routes not named answer
   *     200 {@code "ok"}
   * @throws IllegalArgumentException for a malformed route id or an empty script
   * @throws UncheckedIOException when the port cannot be bound
   */
  public static ScriptedUpstream start(Map<String, List<Step>> scriptsByRouteId) {
    Map<String, List<Step>> copy = new LinkedHashMap<>();
    scriptsByRouteId.forEach(
        (route, steps) -> {
          int slash = route == null ? -1 : route.indexOf('/');
          if (slash <= 0 || slash == route.length() - 1) {
            throw new IllegalArgumentException(
                "upstream route: '" + route + "' (expected: provider/model)");
          }
          if (steps == null || steps.isEmpty()) {
            throw new IllegalArgumentException(
                "upstream '" + route + "': no steps (expected: at least one)");
          }
          copy.put(route, List.copyOf(steps));
        });
    return new ScriptedUpstream(Collections.unmodifiableMap(copy));
  }

  /**
   * Parses a scenario's {@code upstream} object: route id to an array of steps (a single step
   * object is accepted as a one-step script).
   *
   * @throws IllegalArgumentException naming the route and the problem
   */
  public static Map<String, List<Step>> scriptsFromJson(JsonNode upstream) {
    Map<String, List<Step>> out = new LinkedHashMap<>();
    if (upstream == null || upstream.isNull()) {
      return out;
    }
    if (!upstream.isObject()) {
      throw new IllegalArgumentException(
          "upstream: " + upstream + " (expected: an object of route id to steps)");
    }
    for (Map.Entry<String, JsonNode> e : upstream.properties()) {
      List<Step> steps = new ArrayList<>();
      try {
        if (e.getValue().isArray()) {
          for (JsonNode s : e.getValue()) {
            steps.add(Step.fromJson(s));
          }
        } else {
          steps.add(Step.fromJson(e.getValue()));
        }
      } catch (IllegalArgumentException ex) {
        throw new IllegalArgumentException("upstream '" + e.getKey() + "': " + ex.getMessage(), ex);
      }
      out.put(e.getKey(), steps);
    }
    return out;
  }

  /** The port the server listens on. */
  public int port() {
    return listener.port();
  }

  /** The base URL to give provider {@code providerId}: {@code http://127.0.0.1:PORT/p/<id>/v1}. */
  public String baseUrl(String providerId) {
    return "http://127.0.0.1:" + port() + "/p/" + providerId + "/v1";
  }

  /** Route ids of every call so far, in call order. */
  public List<String> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  /** How many calls {@code routeId} received. */
  public int callCount(String routeId) {
    synchronized (calls) {
      return counts.getOrDefault(routeId, 0);
    }
  }

  /** Every request received so far, in order (including ones that named no route). */
  public List<Received> received() {
    synchronized (calls) {
      return List.copyOf(received);
    }
  }

  /** Connections currently open on the server side. */
  public int openConnections() {
    return listener.openConnections();
  }

  /** Closes every socket and stops every thread; waits at most about two seconds. Idempotent. */
  @Override
  public void close() {
    listener.close();
  }

  @Override
  public String toString() {
    return "ScriptedUpstream[port=" + port() + ", routes=" + scripts.keySet() + "]";
  }

  private void serveConnection(Socket s) {
    try {
      s.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = new BufferedOutputStream(s.getOutputStream());
      while (!s.isClosed()) {
        Request req = readRequest(in);
        if (req == null || !serve(req, s, in, out)) {
          return;
        }
      }
    } catch (IOException | RuntimeException e) {
      // the client went away, or close() closed the socket
    }
  }

  private record Request(String method, String path, Map<String, String> headers, byte[] body) {}

  private static Request readRequest(InputStream in) throws IOException {
    String requestLine = readLine(in, true);
    if (requestLine == null) {
      return null;
    }
    String[] parts = requestLine.split(" ");
    if (parts.length < 3) {
      throw new IOException("bad request line");
    }
    Map<String, String> headers = new LinkedHashMap<>();
    int size = requestLine.length();
    while (true) {
      String line = readLine(in, false);
      if (line == null) {
        throw new IOException("eof in headers");
      }
      size += line.length() + 2;
      if (size > MAX_HEADER_BYTES) {
        throw new IOException("headers too large");
      }
      if (line.isEmpty()) {
        break;
      }
      int colon = line.indexOf(':');
      if (colon > 0) {
        headers.put(
            line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim());
      }
    }
    byte[] body;
    if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
      body = readChunked(in);
    } else {
      int length = Integer.parseInt(headers.getOrDefault("content-length", "0").trim());
      if (length < 0 || length > MAX_BODY_BYTES) {
        throw new IOException("body too large");
      }
      body = in.readNBytes(length);
      if (body.length < length) {
        throw new IOException("eof in body");
      }
    }
    return new Request(parts[0], parts[1], headers, body);
  }

  private static byte[] readChunked(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = readLine(in, false);
      if (sizeLine == null) {
        throw new IOException("eof in chunked body");
      }
      int semi = sizeLine.indexOf(';');
      int size = Integer.parseInt((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
      if (size == 0) {
        String trailer;
        do {
          trailer = readLine(in, false);
        } while (trailer != null && !trailer.isEmpty());
        return out.toByteArray();
      }
      if (out.size() + size > MAX_BODY_BYTES) {
        throw new IOException("body too large");
      }
      out.write(in.readNBytes(size));
      readLine(in, false);
    }
  }

  /** A CRLF- or LF-terminated ISO-8859-1 line; {@code null} at EOF before any byte. */
  private static String readLine(InputStream in, boolean eofOk) throws IOException {
    StringBuilder sb = new StringBuilder();
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (sb.length() == 0 && eofOk) {
          return null;
        }
        return sb.length() == 0 ? null : sb.toString();
      }
      if (b == '\n') {
        int n = sb.length();
        if (n > 0 && sb.charAt(n - 1) == '\r') {
          sb.setLength(n - 1);
        }
        return sb.toString();
      }
      if (sb.length() > MAX_HEADER_BYTES) {
        throw new IOException("line too long");
      }
      sb.append((char) b);
    }
  }

  private enum Dialect {
    OPENAI,
    ANTHROPIC
  }

  /** Serves one request; returns whether the connection stays open for the next one. */
  private boolean serve(Request req, Socket s, InputStream in, OutputStream out)
      throws IOException {
    String path = req.path();
    int q = path.indexOf('?');
    if (q >= 0) {
      path = path.substring(0, q);
    }
    String provider = null;
    Dialect dialect = null;
    if (path.startsWith("/p/")) {
      int slash = path.indexOf('/', 3);
      if (slash > 3) {
        provider = path.substring(3, slash);
        String rest = path.substring(slash);
        if (rest.equals("/v1/chat/completions")) {
          dialect = Dialect.OPENAI;
        } else if (rest.equals("/v1/messages") || rest.equals("/v1/messages/count_tokens")) {
          dialect = Dialect.ANTHROPIC; // a count is served the route's next step, as scripted
        }
      }
    }
    String text = new String(req.body(), StandardCharsets.UTF_8);
    if (dialect == null) {
      record(null, req, text);
      return plain(out, 404, errorJson("no such endpoint: " + req.path(), "not_found"), Map.of());
    }
    if (!req.method().equals("POST")) {
      record(null, req, text);
      return plain(
          out,
          405,
          errorJson("method " + req.method() + " (expected: POST)", "invalid_request"),
          Map.of());
    }
    JsonNode json;
    try {
      json = MAPPER.readTree(text);
    } catch (IOException e) {
      json = null;
    }
    if (json == null || !json.path("model").isTextual()) {
      record(null, req, text);
      return plain(
          out,
          400,
          errorJson(
              "request body: no \"model\" (expected: a JSON object with a model)",
              "invalid_request"),
          Map.of());
    }
    String model = json.get("model").asText();
    String routeId = provider + "/" + model;
    int n = record(routeId, req, text);
    List<Step> script = scripts.get(routeId);
    Step step = script == null ? Step.ok("ok") : script.get(Math.min(n, script.size()) - 1);
    boolean stream = json.path("stream").asBoolean(false);
    Answer a = new Answer(dialect, model, stream, step, "sim-" + ids.incrementAndGet(), s, in, out);
    return a.play();
  }

  /** Records a call; returns how many calls the route has had, this one included. */
  private int record(String routeId, Request req, String body) {
    synchronized (calls) {
      received.add(new Received(routeId, req.method(), req.path(), req.headers(), body));
      if (routeId == null) {
        return 0;
      }
      calls.add(routeId);
      return counts.merge(routeId, 1, Integer::sum);
    }
  }

  private static String errorJson(String message, String type) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode err = root.putObject("error");
    err.put("message", message);
    err.put("type", type);
    return root.toString();
  }

  private static boolean plain(OutputStream out, int status, String body, Map<String, String> h)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    writeHead(out, status, "application/json", bytes.length, h, null);
    out.write(bytes);
    out.flush();
    return true;
  }

  private static void writeHead(
      OutputStream out,
      int status,
      String contentType,
      long contentLength,
      Map<String, String> extra,
      String requestIdHeader)
      throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
    boolean hasType = false;
    for (Map.Entry<String, String> e : extra.entrySet()) {
      String name = e.getKey().toLowerCase(Locale.ROOT);
      if (name.equals("content-length") || name.equals("transfer-encoding")) {
        continue; // framing is ours
      }
      hasType |= name.equals("content-type");
      sb.append(e.getKey()).append(": ").append(e.getValue()).append("\r\n");
    }
    if (!hasType) {
      sb.append("Content-Type: ").append(contentType).append("\r\n");
    }
    if (requestIdHeader != null) {
      String name = requestIdHeader.substring(0, requestIdHeader.indexOf(':'));
      boolean scripted = extra.keySet().stream().anyMatch(k -> k.equalsIgnoreCase(name));
      if (!scripted) {
        sb.append(requestIdHeader).append("\r\n");
      }
    }
    if (contentLength >= 0) {
      sb.append("Content-Length: ").append(contentLength).append("\r\n");
    } else {
      sb.append("Transfer-Encoding: chunked\r\nCache-Control: no-cache\r\n");
    }
    sb.append("\r\n");
    out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  private static String reason(int status) {
    switch (status) {
      case 200:
        return "OK";
      case 400:
        return "Bad Request";
      case 401:
        return "Unauthorized";
      case 402:
        return "Payment Required";
      case 403:
        return "Forbidden";
      case 404:
        return "Not Found";
      case 405:
        return "Method Not Allowed";
      case 408:
        return "Request Timeout";
      case 409:
        return "Conflict";
      case 413:
        return "Payload Too Large";
      case 429:
        return "Too Many Requests";
      case 500:
        return "Internal Server Error";
      case 502:
        return "Bad Gateway";
      case 503:
        return "Service Unavailable";
      case 504:
        return "Gateway Timeout";
      default:
        return "Status";
    }
  }

  /** Plays one step on one connection. */
  private record Answer(
      Dialect dialect,
      String model,
      boolean stream,
      Step step,
      String id,
      Socket socket,
      InputStream in,
      OutputStream out) {

    boolean play() throws IOException {
      Fault fault = step.fault();
      if (fault != Fault.SLOW_FIRST_TOKEN
          && step.delayMs() != null
          && !waitOrGone(step.delayMs())) {
        return false;
      }
      if (fault == null) {
        boolean plainAnswer =
            step.body() != null || (step.status() != null && step.status() != 200);
        if (plainAnswer) {
          int status = step.status() == null ? 200 : step.status();
          String body = step.body() == null ? "" : step.body();
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          writeHead(out, status, "application/json", bytes.length, step.headers(), idHeader());
          out.write(bytes);
          out.flush();
          return true;
        }
        return complete(tokens(), true, true, false);
      }
      switch (fault) {
        case CONNECT_REFUSED:
        case RESET_BEFORE_RESPONSE:
          socket.setSoLinger(true, 0);
          socket.close();
          return false;
        case NO_RESPONSE:
          awaitClientGone();
          return false;
        case SLOW_FIRST_TOKEN:
          return slowFirstToken();
        case STREAM_CUT:
          return cut();
        case STREAM_STALL:
          return stall();
        case MALFORMED_CHUNK:
          if (!stream) {
            return notJson();
          }
          return complete(tokens(), true, true, true);
        case NO_DONE:
          return complete(tokens(), true, false, false);
        case EMPTY_CHOICES:
          return empty();
        case INVALID_JSON:
        default:
          return notJson();
      }
    }

    private String idHeader() {
      return (dialect == Dialect.ANTHROPIC ? "request-id: " : "x-request-id: ") + id;
    }

    private List<String> tokens() {
      String c = step.effectiveContent();
      List<String> out = new ArrayList<>();
      int start = 0;
      for (int i = 0; i < c.length(); i++) {
        if (c.charAt(i) == ' ' && i + 1 < c.length() && c.charAt(i + 1) != ' ') {
          out.add(c.substring(start, i + 1));
          start = i + 1;
        }
      }
      if (start < c.length() || out.isEmpty()) {
        out.add(c.substring(start));
      }
      return out;
    }

    /** Waits {@code ms} unless the client leaves first; returns whether it is still there. */
    private boolean waitOrGone(long ms) throws IOException {
      if (ms <= 0) {
        return true;
      }
      socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, ms));
      try {
        in.read(); // -1 or a byte: either way the exchange is over
        return false;
      } catch (SocketTimeoutException e) {
        return true;
      } finally {
        if (!socket.isClosed()) {
          socket.setSoTimeout(0);
        }
      }
    }

    /**
     * Ends the connection mid-answer with a FIN after everything written (a plain close could turn
     * into a reset that discards data the client has not read yet), then waits briefly for the
     * client to let go.
     */
    private void hangUp() throws IOException {
      socket.shutdownOutput();
      waitOrGone(HANG_UP_WAIT_MS);
      socket.close();
    }

    /** Blocks until the client closes the connection (or the server closes). */
    private void awaitClientGone() throws IOException {
      socket.setSoTimeout(0);
      while (in.read() >= 0) {
        // discard: nothing the client sends now changes the script
      }
    }

    // ---- whole answers

    private boolean complete(List<String> tokens, boolean finish, boolean done, boolean malformed)
        throws IOException {
      if (!stream) {
        byte[] body = completionJson(String.join("", tokens)).getBytes(StandardCharsets.UTF_8);
        writeHead(out, 200, "application/json", body.length, step.headers(), idHeader());
        out.write(body);
        out.flush();
        return true;
      }
      streamHead();
      int malformedAt = malformed ? Math.max(1, tokens.size() / 2) : -1;
      streamStart();
      for (int i = 0; i < tokens.size(); i++) {
        if (i == malformedAt) {
          event(null, "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"");
        }
        delta(tokens.get(i));
      }
      if (finish) {
        streamFinish(done);
      }
      endChunks();
      return true;
    }

    private boolean slowFirstToken() throws IOException {
      long delay = step.delayMs() == null ? DEFAULT_SLOW_FIRST_TOKEN_MS : step.delayMs();
      List<String> tokens = tokens();
      if (!stream) {
        byte[] body = completionJson(String.join("", tokens)).getBytes(StandardCharsets.UTF_8);
        writeHead(out, 200, "application/json", body.length, step.headers(), idHeader());
        out.flush();
        if (!waitOrGone(delay)) {
          return false;
        }
        out.write(body);
        out.flush();
        return true;
      }
      streamHead();
      out.flush();
      if (!waitOrGone(delay)) {
        return false;
      }
      streamStart();
      for (String t : tokens) {
        delta(t);
      }
      streamFinish(true);
      endChunks();
      return true;
    }

    private boolean cut() throws IOException {
      List<String> tokens = tokens();
      if (!stream) {
        byte[] body = completionJson(String.join("", tokens)).getBytes(StandardCharsets.UTF_8);
        writeHead(out, 200, "application/json", body.length, step.headers(), idHeader());
        out.write(body, 0, body.length / 2);
        out.flush();
        hangUp();
        return false;
      }
      streamHead();
      streamStart();
      for (String t : tokens.subList(0, Math.max(1, tokens.size() / 2))) {
        delta(t);
      }
      out.flush();
      // A real cut comes after the client has read what was sent; the JDK client drops bytes that
      // arrive in the same read as the end of a chunked body, so let them land first.
      waitOrGone(CUT_DELIVERY_MS);
      hangUp(); // no terminal chunk, no end of the chunked body
      return false;
    }

    private boolean stall() throws IOException {
      List<String> tokens = tokens();
      if (!stream) {
        byte[] body = completionJson(String.join("", tokens)).getBytes(StandardCharsets.UTF_8);
        writeHead(out, 200, "application/json", body.length, step.headers(), idHeader());
        out.write(body, 0, body.length / 3);
        out.flush();
        awaitClientGone();
        return false;
      }
      streamHead();
      streamStart();
      for (String t : tokens.subList(0, Math.max(1, tokens.size() / 3))) {
        delta(t);
      }
      out.flush();
      awaitClientGone();
      return false;
    }

    private boolean empty() throws IOException {
      if (!stream) {
        ObjectNode root = envelope();
        if (dialect == Dialect.ANTHROPIC) {
          root.putArray("content");
          root.put("stop_reason", "end_turn");
        } else {
          root.putArray("choices");
        }
        byte[] body = root.toString().getBytes(StandardCharsets.UTF_8);
        writeHead(out, 200, "application/json", body.length, step.headers(), idHeader());
        out.write(body);
        out.flush();
        return true;
      }
      streamHead();
      if (dialect == Dialect.ANTHROPIC) {
        streamStart();
        anthropicEnd(true, false);
      } else {
        ObjectNode chunk = chunkEnvelope();
        chunk.putArray("choices");
        event(null, chunk.toString());
        event(null, "[DONE]");
      }
      endChunks();
      return true;
    }

    private boolean notJson() throws IOException {
      byte[] body = "upstream says: this is not JSON {".getBytes(StandardCharsets.UTF_8);
      writeHead(out, 200, "application/json", body.length, step.headers(), idHeader());
      out.write(body);
      out.flush();
      return true;
    }

    // ---- JSON shapes

    private ObjectNode envelope() {
      ObjectNode root = MAPPER.createObjectNode();
      if (dialect == Dialect.ANTHROPIC) {
        root.put("id", "msg_" + id);
        root.put("type", "message");
        root.put("role", "assistant");
      } else {
        root.put("id", "chatcmpl-" + id);
        root.put("object", "chat.completion");
        root.put("created", System.currentTimeMillis() / 1000);
      }
      root.put("model", model);
      return root;
    }

    private String completionJson(String content) {
      ObjectNode root = envelope();
      if (dialect == Dialect.ANTHROPIC) {
        ArrayNode blocks = root.putArray("content");
        ObjectNode text = blocks.addObject();
        text.put("type", "text");
        text.put("text", content);
        root.put("stop_reason", "end_turn");
        if (step.usage() != null) {
          root.set("usage", anthropicUsage());
        }
      } else {
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", content);
        choice.put("finish_reason", "stop");
        if (step.usage() != null) {
          root.set("usage", MAPPER.valueToTree(step.usage()));
        }
      }
      return root.toString();
    }

    private ObjectNode anthropicUsage() {
      Map<String, Object> u = step.usage();
      ObjectNode n = MAPPER.createObjectNode();
      Object in = u.containsKey("input_tokens") ? u.get("input_tokens") : u.get("prompt_tokens");
      Object out =
          u.containsKey("output_tokens") ? u.get("output_tokens") : u.get("completion_tokens");
      n.set("input_tokens", MAPPER.valueToTree(in == null ? 0 : in));
      n.set("output_tokens", MAPPER.valueToTree(out == null ? 0 : out));
      return n;
    }

    private ObjectNode chunkEnvelope() {
      ObjectNode root = MAPPER.createObjectNode();
      root.put("id", "chatcmpl-" + id);
      root.put("object", "chat.completion.chunk");
      root.put("created", System.currentTimeMillis() / 1000);
      root.put("model", model);
      return root;
    }

    // ---- SSE

    private void streamHead() throws IOException {
      writeHead(out, 200, "text/event-stream", -1, step.headers(), idHeader());
    }

    private void streamStart() throws IOException {
      if (dialect == Dialect.ANTHROPIC) {
        ObjectNode start = MAPPER.createObjectNode();
        start.put("type", "message_start");
        ObjectNode message = envelope();
        message.putArray("content");
        message.putNull("stop_reason");
        ObjectNode usage = message.putObject("usage");
        usage.put("input_tokens", 0);
        usage.put("output_tokens", 0);
        start.set("message", message);
        event("message_start", start.toString());
        event(
            "content_block_start",
            "{\"type\":\"content_block_start\",\"index\":0,"
                + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}");
        event("ping", "{\"type\":\"ping\"}");
      } else {
        ObjectNode chunk = chunkEnvelope();
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode delta = choice.putObject("delta");
        delta.put("role", "assistant");
        delta.put("content", "");
        choice.putNull("finish_reason");
        event(null, chunk.toString());
      }
    }

    private void delta(String text) throws IOException {
      if (dialect == Dialect.ANTHROPIC) {
        ObjectNode e = MAPPER.createObjectNode();
        e.put("type", "content_block_delta");
        e.put("index", 0);
        ObjectNode d = e.putObject("delta");
        d.put("type", "text_delta");
        d.put("text", text);
        event("content_block_delta", e.toString());
      } else {
        ObjectNode chunk = chunkEnvelope();
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        choice.putObject("delta").put("content", text);
        choice.putNull("finish_reason");
        event(null, chunk.toString());
      }
    }

    private void streamFinish(boolean done) throws IOException {
      if (dialect == Dialect.ANTHROPIC) {
        event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}");
        anthropicEnd(done, true);
        return;
      }
      ObjectNode chunk = chunkEnvelope();
      ObjectNode choice = chunk.putArray("choices").addObject();
      choice.put("index", 0);
      choice.putObject("delta");
      choice.put("finish_reason", "stop");
      event(null, chunk.toString());
      if (step.usage() != null) {
        ObjectNode usage = chunkEnvelope();
        usage.putArray("choices");
        usage.set("usage", MAPPER.valueToTree(step.usage()));
        event(null, usage.toString());
      }
      if (done) {
        event(null, "[DONE]");
      }
    }

    private void anthropicEnd(boolean stop, boolean withUsage) throws IOException {
      ObjectNode md = MAPPER.createObjectNode();
      md.put("type", "message_delta");
      ObjectNode d = md.putObject("delta");
      d.put("stop_reason", "end_turn");
      d.putNull("stop_sequence");
      if (withUsage && step.usage() != null) {
        md.set("usage", anthropicUsage());
      } else {
        md.putObject("usage").put("output_tokens", 0);
      }
      event("message_delta", md.toString());
      if (stop) {
        event("message_stop", "{\"type\":\"message_stop\"}");
      }
    }

    /** One SSE event as one HTTP chunk, flushed. */
    private void event(String name, String data) throws IOException {
      StringBuilder sb = new StringBuilder();
      if (name != null) {
        sb.append("event: ").append(name).append('\n');
      }
      sb.append("data: ").append(data).append("\n\n");
      byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
      out.write(Integer.toHexString(bytes.length).getBytes(StandardCharsets.ISO_8859_1));
      out.write('\r');
      out.write('\n');
      out.write(bytes);
      out.write('\r');
      out.write('\n');
      out.flush();
    }

    private void endChunks() throws IOException {
      out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    }
  }
}
