package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Blocker;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The floor under {@code serve}: the same HTTP server (Jetty 12, a blocking handler on a {@link
 * QueuedThreadPool} of serve's default size) and the same upstream client ({@code java.net.http},
 * configured as the providers module configures it), with nothing in between — no parsing, no
 * planning, no orchestrator. It relays each request's body to {@code UPSTREAM + path} and the
 * answer's bytes back (an event stream chunk by chunk as they arrive). {@code
 * scripts/wire-bench.sh} puts it beside {@code serve} so the table shows how much of serve's added
 * latency the chosen stack costs before any of the product's work. Not a product: no limits, no
 * errors mapped, one upstream.
 *
 * <p>Two variants separate the costs:
 *
 * <ul>
 *   <li>{@code --socket-client}: the upstream call is a minimal blocking HTTP/1.1 exchange on a
 *       plain {@link Socket} kept per request thread ({@link SocketExchange}; {@code
 *       Content-Length} answers only, as nginx's fixed answers are) — what Jetty alone costs;
 *   <li>{@code --async}: the handler never blocks — Jetty runs it on its selector thread, the body
 *       is read asynchronously, {@code sendAsync} with {@code ofByteArray} completes on the JDK
 *       client's selector thread and the answer is written from there — the best an asynchronous
 *       engine could do with {@code java.net.http} (JSON only).
 * </ul>
 *
 * <p>{@code -Dfloor.http11=true} asks the JDK client for HTTP/1.1 instead of the providers module's
 * HTTP/2 preference.
 *
 * <p>usage: {@code java -cp benchmarks.jar dev.orchestrator.benchmarks.load.FloorProxy PORT
 * UPSTREAM_BASE_URL [--socket-client | --async]}
 */
public final class FloorProxy {
  private FloorProxy() {}

  /**
   * Starts the proxy on 127.0.0.1 and serves until killed.
   *
   * @param args the port, the upstream's base URL ({@code http://127.0.0.1:8080}) and an optional
   *     variant
   * @throws Exception when the server cannot start
   */
  public static void main(String[] args) throws Exception {
    String variant = args.length == 3 ? args[2] : "";
    if (args.length < 2
        || args.length > 3
        || !(variant.isEmpty() || variant.equals("--socket-client") || variant.equals("--async"))) {
      System.err.println("usage: FloorProxy PORT UPSTREAM_BASE_URL [--socket-client | --async]");
      System.exit(2);
    }
    int port = Integer.parseInt(args[0]);
    String upstream = args[1].replaceAll("/+$", "");
    // As HttpProviderClients builds it (ADR 0011): dependent tasks on the client's selector thread.
    HttpClient http =
        HttpClient.newBuilder()
            .version(
                Boolean.getBoolean("floor.http11")
                    ? HttpClient.Version.HTTP_1_1
                    : HttpClient.Version.HTTP_2)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .executor(Runnable::run)
            .build();
    // As OrchestratorServer builds it: 64 request threads + 6 for Jetty, at least 8 kept.
    QueuedThreadPool pool = new QueuedThreadPool(70, 8);
    pool.setName("floor-proxy");
    Server server = new Server(pool);
    HttpConfiguration config = new HttpConfiguration();
    config.setSendServerVersion(false);
    ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(config));
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    connector.setAcceptQueueSize(1024);
    server.addConnector(connector);
    server.setHandler(
        switch (variant) {
          case "--async" -> asyncHandler(http, upstream);
          case "--socket-client" -> socketHandler(new SocketExchange(URI.create(upstream)));
          default -> blockingHandler(http, upstream);
        });
    server.start();
    System.out.println(
        "floor proxy on http://127.0.0.1:"
            + port
            + " -> "
            + upstream
            + (variant.isEmpty() ? " (java.net.http)" : " (" + variant.substring(2) + ")"));
    server.join();
  }

  private static Handler blockingHandler(HttpClient http, String upstream) {
    return new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
      @Override
      public boolean handle(Request request, Response response, Callback callback)
          throws Exception {
        HttpRequest.Builder out =
            HttpRequest.newBuilder(URI.create(upstream + request.getHttpURI().getPath()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body(request)))
                .header("Content-Type", "application/json");
        String auth = request.getHeaders().get(HttpHeader.AUTHORIZATION);
        if (auth != null) {
          out.header("Authorization", auth);
        }
        HttpResponse<InputStream> answer =
            http.send(out.build(), HttpResponse.BodyHandlers.ofInputStream());
        response.setStatus(answer.statusCode());
        String type = answer.headers().firstValue("content-type").orElse("application/json");
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        try (InputStream in = answer.body()) {
          if (!type.startsWith("text/event-stream")) {
            write(response, true, in.readAllBytes());
          } else {
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
              write(response, false, Arrays.copyOf(buffer, n));
            }
            write(response, true, new byte[0]);
          }
        }
        callback.succeeded();
        return true;
      }
    };
  }

  private static Handler socketHandler(SocketExchange client) {
    return new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
      @Override
      public boolean handle(Request request, Response response, Callback callback)
          throws Exception {
        SocketExchange.Answer a = client.post(request.getHttpURI().getPath(), body(request));
        response.setStatus(a.status());
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, a.contentType());
        write(response, true, a.body());
        callback.succeeded();
        return true;
      }
    };
  }

  private static Handler asyncHandler(HttpClient http, String upstream) {
    return new Handler.Abstract(Handler.Abstract.InvocationType.NON_BLOCKING) {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        Content.Source.asByteArrayAsync(request, -1)
            .thenCompose(
                body ->
                    http.sendAsync(
                        HttpRequest.newBuilder(
                                URI.create(upstream + request.getHttpURI().getPath()))
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                            .header("Content-Type", "application/json")
                            .build(),
                        HttpResponse.BodyHandlers.ofByteArray()))
            .whenComplete(
                (answer, failure) -> {
                  if (failure != null) {
                    callback.failed(failure);
                    return;
                  }
                  response.setStatus(answer.statusCode());
                  String type =
                      answer.headers().firstValue("content-type").orElse("application/json");
                  response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
                  response.write(true, ByteBuffer.wrap(answer.body()), callback);
                });
        return true;
      }
    };
  }

  private static byte[] body(Request request) throws IOException {
    try (InputStream in = Content.Source.asInputStream(request)) {
      return in.readAllBytes();
    }
  }

  private static void write(Response response, boolean last, byte[] bytes) throws IOException {
    try (Blocker.Callback cb = Blocker.callback()) {
      response.write(last, ByteBuffer.wrap(bytes), cb);
      cb.block();
    }
  }
}
