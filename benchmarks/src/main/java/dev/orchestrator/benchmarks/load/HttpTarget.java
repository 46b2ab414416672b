package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * A chat request over {@code java.net.http} (HTTP/1.1, keep-alive): the raw baseline against the
 * upstream, or a client of an HTTP gateway ({@code serve}, Portkey), in one {@link Front}'s
 * protocol. A non-streaming answer must be a 200 of the front's shape ({@code choices} for chat); a
 * stream must be a 200 carrying content and ending as the front ends it ({@code data: [DONE]} for
 * chat), without an error event. Thread-safe.
 */
public final class HttpTarget implements Target {
  private final String name;
  private final HttpClient http;
  private final URI uri;
  private final Map<String, String> headers;
  private final byte[] body;
  private final byte[] streamBody;
  private final Duration timeout;
  private final Front front;

  /**
   * A target.
   *
   * @param name the table name
   * @param uri the chat completions endpoint
   * @param headers extra request headers
   * @param model the {@code model} to ask for
   * @param timeout the per-request timeout
   */
  public HttpTarget(
      String name, URI uri, Map<String, String> headers, String model, Duration timeout) {
    this(name, uri, headers, model, timeout, Front.CHAT);
  }

  /** A target speaking {@code front}'s protocol at {@code uri}. */
  HttpTarget(
      String name,
      URI uri,
      Map<String, String> headers,
      String model,
      Duration timeout,
      Front front) {
    this.name = name;
    this.uri = uri;
    this.headers = Map.copyOf(headers);
    this.timeout = timeout;
    this.front = front;
    this.body = front.body(model, false).getBytes(StandardCharsets.UTF_8);
    this.streamBody = front.body(model, true).getBytes(StandardCharsets.UTF_8);
    // The same client settings as the orchestrator's own (HttpProviderClients): dependent tasks on
    // the selector thread. With the default pool every response hopped through a worker thread,
    // which made this baseline slower than the client it is the baseline for.
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .executor(Runnable::run)
            .build();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void call(boolean stream, Probe probe) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer sk-bench-placeholder")
            .POST(HttpRequest.BodyPublishers.ofByteArray(stream ? streamBody : body));
    headers.forEach(b::header);
    if (!stream) {
      HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
      if (r.statusCode() != 200) {
        throw new IOException(name + ": HTTP " + r.statusCode() + " " + head(r.body()));
      }
      if (!contains(r.body(), front.answerMark())) {
        throw new IOException(name + ": 200 without the answer's shape: " + head(r.body()));
      }
      return;
    }
    HttpResponse<InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream in = r.body()) {
      if (r.statusCode() != 200) {
        throw new IOException(name + ": HTTP " + r.statusCode() + " " + head(in.readNBytes(300)));
      }
      readStream(name, in, probe, front);
    }
  }

  /** Reads an SSE answer of {@code front} to its end: content, its end, and no error event. */
  static void readStream(String name, InputStream in, Probe probe, Front front) throws IOException {
    byte[] buf = new byte[8192];
    StringBuilder line = new StringBuilder();
    boolean content = false;
    boolean done = false;
    int n;
    while ((n = in.read(buf)) >= 0) {
      for (int i = 0; i < n; i++) {
        char c = (char) (buf[i] & 0xff);
        if (c != '\n') {
          line.append(c);
          continue;
        }
        String l = line.toString();
        line.setLength(0);
        if (front.failed(l)) {
          throw new IOException(name + ": stream error event: " + l);
        }
        if (front.ends(l)) {
          done = true;
        } else if (!content && front.carriesText(l)) {
          content = true;
          probe.firstToken();
        }
      }
    }
    if (!content || !done) {
      throw new IOException(
          name + ": stream ended without " + (content ? "its end event" : "content"));
    }
  }

  /** Whether an SSE data line carries a non-empty {@code "content"} string. */
  static boolean hasContent(String line) {
    int k = line.indexOf("\"content\":\"");
    return k >= 0 && k + 11 < line.length() && line.charAt(k + 11) != '"';
  }

  private static boolean contains(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static String head(byte[] b) {
    String s = new String(b, 0, Math.min(b.length, 300), StandardCharsets.UTF_8);
    return s.replace('\n', ' ');
  }

  @Override
  public String toString() {
    return "HttpTarget[" + name + " " + uri + "]";
  }
}
