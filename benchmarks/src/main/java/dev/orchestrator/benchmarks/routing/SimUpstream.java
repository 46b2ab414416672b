package dev.orchestrator.benchmarks.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;

/**
 * Ten OpenAI-compatible upstreams on one loopback port ({@code /r/<provider>/v1/chat/completions}):
 * each enforces its key's requests per minute and per day with real 429 answers (OpenAI's {@code
 * x-ratelimit-*} headers, Groq's {@code Retry-After}, OpenRouter's daily free-model body), fails
 * and breaks tool-call arguments at its own rates, keeps a prompt cache per conversation prefix for
 * five minutes (reported as {@code prompt_tokens_details.cached_tokens}), and advances the
 * simulated clock by each answer's time to first token and generation. What it answers depends only
 * on the seed, the request and the simulated time. Thread-safe (one request at a time).
 */
final class SimUpstream implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long MINUTE = Duration.ofMinutes(1).toNanos();
  private static final long DAY = Duration.ofDays(1).toNanos();
  private static final long CACHE_TTL = Duration.ofMinutes(5).toNanos();

  private final SimClock clock;
  private final Map<String, RouteSpec> specs = new LinkedHashMap<>();
  private final Map<String, Random> randoms = new HashMap<>();
  private final Map<String, double[]> buckets = new HashMap<>();
  private final Map<String, long[]> day = new HashMap<>();
  private final Map<String, long[]> cache = new HashMap<>();
  private final HttpServer server;
  private long rateLimited;
  private final Map<String, Integer> calls = new LinkedHashMap<>();
  private final Map<String, Integer> limited = new LinkedHashMap<>();

  SimUpstream(List<RouteSpec> routes, SimClock clock, long seed) throws IOException {
    this.clock = clock;
    for (RouteSpec r : routes) {
      specs.put(r.provider(), r);
      randoms.put(r.provider(), new Random(seed ^ r.provider().hashCode()));
    }
    // Without TCP_NODELAY every answer (head and body written apart) waits for a delayed ACK.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.setExecutor(
        Executors.newFixedThreadPool(
            2,
            r -> {
              Thread t = new Thread(r, "sim-upstream");
              t.setDaemon(true);
              return t;
            }));
    server.createContext("/r/", this::handle);
    server.start();
  }

  /** The base URL of {@code provider}'s OpenAI-compatible API. */
  String baseUrl(String provider) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/r/" + provider + "/v1";
  }

  synchronized long rateLimited() {
    return rateLimited;
  }

  synchronized Map<String, Integer> calls() {
    return new LinkedHashMap<>(calls);
  }

  /** The 429 answers each route gave. */
  synchronized Map<String, Integer> limited() {
    return new LinkedHashMap<>(limited);
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String provider = ex.getRequestURI().getPath().split("/")[2];
      JsonNode req = JSON.readTree(ex.getRequestBody().readAllBytes());
      String key = provider + " " + ex.getRequestHeaders().getFirst("Authorization");
      Answer a;
      synchronized (this) {
        calls.merge(provider, 1, Integer::sum);
        a = answer(specs.get(provider), key, req);
        if (a.status == 429) {
          rateLimited++;
          limited.merge(provider, 1, Integer::sum);
        }
      }
      byte[] body = a.body.getBytes(StandardCharsets.UTF_8);
      a.headers.forEach((k, v) -> ex.getResponseHeaders().set(k, v));
      ex.getResponseHeaders().set("content-type", "application/json");
      ex.sendResponseHeaders(a.status, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private record Answer(int status, Map<String, String> headers, String body) {}

  /** {@code nanos} as a Go-style duration in seconds, as OpenAI and Groq write resets. */
  private static String seconds(double nanos) {
    return String.format(Locale.ROOT, "%.3fs", Math.max(0, nanos) / 1e9);
  }

  private Answer answer(RouteSpec spec, String key, JsonNode req) {
    long now = clock.read();
    Random random = randoms.get(spec.provider());
    long[] today = day.computeIfAbsent(key, k -> new long[2]);
    if (today[0] != now / DAY) {
      today[0] = now / DAY;
      today[1] = 0;
    }
    // Requests per minute as the providers count them: a bucket of rpm requests that refills
    // continuously (rpm a minute); the headers say what is left and when the bucket is full again.
    double[] bucket = buckets.computeIfAbsent(key, k -> new double[] {spec.rpm(), now});
    double perNano = spec.rpm() / (double) MINUTE;
    bucket[0] = Math.min(spec.rpm(), bucket[0] + (now - bucket[1]) * perNano);
    bucket[1] = now;
    Map<String, String> headers = new LinkedHashMap<>();
    if (today[1] >= spec.rpd()) {
      clock.advance(Duration.ofMillis(30));
      long resetMs = SimClock.DAY_STARTS.plusNanos((now / DAY + 1) * DAY).toEpochMilli();
      headers.put("x-ratelimit-limit", Integer.toString(spec.rpd()));
      headers.put("x-ratelimit-remaining", "0");
      headers.put("x-ratelimit-reset", Long.toString(resetMs));
      return new Answer(
          429,
          headers,
          "{\"error\":{\"message\":\"Rate limit exceeded: free-models-per-day. Add 10 credits to"
              + " unlock 1000 free model requests per day\",\"code\":429}}");
    }
    headers.put("x-ratelimit-limit-requests", Integer.toString(spec.rpm()));
    if (bucket[0] < 1) {
      clock.advance(Duration.ofMillis(30));
      double waitS = (1 - bucket[0]) / perNano / 1e9;
      headers.put("x-ratelimit-remaining-requests", "0");
      headers.put("x-ratelimit-reset-requests", seconds((spec.rpm() - bucket[0]) / perNano));
      if (spec.retryAfter()) {
        headers.put("retry-after", Long.toString((long) Math.ceil(waitS)));
      }
      return new Answer(
          429,
          headers,
          "{\"error\":{\"message\":\"Rate limit reached for m on requests per min (RPM): Limit "
              + spec.rpm()
              + ", Used "
              + spec.rpm()
              + ", Requested 1. Please try again in "
              + String.format(Locale.ROOT, "%.3f", waitS)
              + "s.\",\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}");
    }
    bucket[0] -= 1;
    today[1]++;
    headers.put("x-ratelimit-remaining-requests", Integer.toString((int) bucket[0]));
    headers.put("x-ratelimit-reset-requests", seconds((spec.rpm() - bucket[0]) / perNano));
    if (random.nextDouble() < spec.failRate()) {
      clock.advance(Duration.ofSeconds(1));
      return new Answer(
          500,
          headers,
          "{\"error\":{\"message\":\"The server had an error processing your request. Sorry"
              + " about that!\",\"type\":\"server_error\",\"param\":null,\"code\":null}}");
    }
    JsonNode messages = req.path("messages");
    int chars = 800; // the tool definitions
    for (JsonNode m : messages) {
      chars += m.path("content").asText("").length() + 40;
    }
    int promptTokens = chars / 4;
    String prefix =
        spec.provider()
            + "\n"
            + messages.path(0).path("content").asText()
            + "\n"
            + messages.path(1).path("content").asText();
    long[] entry = cache.get(prefix);
    int cached = entry != null && now - entry[0] < CACHE_TTL ? (int) entry[1] : 0;
    cache.put(prefix, new long[] {now, promptTokens});
    String last = messages.path(messages.size() - 1).path("role").asText();
    int turnHash = Math.floorMod((prefix.hashCode() * 31 + messages.size()) * 0x9E3779B1, 100);
    boolean toolTurn = "user".equals(last) ? turnHash < 70 : turnHash < 40;
    ObjectNode message = JSON.createObjectNode().put("role", "assistant");
    int completion;
    if (toolTurn) {
      completion = 40;
      boolean broken = random.nextDouble() < spec.malformedRate();
      String args =
          broken
              ? (turnHash % 2 == 0
                  ? "{\"path\": \"src/Main.java\""
                  : "{\"file\": \"src/Main.java\"}")
              : "{\"path\": \"src/Main.java\", \"lines\": 80}";
      message.putNull("content");
      ArrayNode calls = message.putArray("tool_calls");
      calls
          .addObject()
          .put("id", "call_" + messages.size())
          .put("type", "function")
          .putObject("function")
          .put("name", "read_file")
          .put("arguments", args);
    } else {
      completion = 150 + turnHash * 3;
      message.put("content", "Here is what I found. ".repeat(completion / 5));
    }
    double ttft = spec.ttftMs() * Math.exp(0.35 * random.nextGaussian() - 0.06125);
    clock.advance((long) (ttft * 1e6 + completion * 1e9 / spec.tokensPerSecond()));
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-sim").put("object", "chat.completion").put("created", 0);
    root.put("model", "m");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0).set("message", message);
    choice.put("finish_reason", toolTurn ? "tool_calls" : "stop");
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", promptTokens);
    usage.put("completion_tokens", completion);
    usage.put("total_tokens", promptTokens + completion);
    usage.putObject("prompt_tokens_details").put("cached_tokens", cached);
    return new Answer(200, headers, root.toString());
  }
}
