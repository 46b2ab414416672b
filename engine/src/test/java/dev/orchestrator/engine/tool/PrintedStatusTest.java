package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An HTTP status a client printed in the failure's message, with no typed status beside it: read as
 * that status, but only to tighten a decision to fail closed (a 403 is never handed to another
 * agent, a 500 of a non-idempotent call never re-run elsewhere), never to loosen one.
 */
class PrintedStatusTest {

  private static final ToolFailureClassifier CLASSIFIER = ToolFailureClassifier.INSTANCE;
  private static final ToolSpec SEARCH = ToolSpec.idempotent("search");
  private static final ToolSpec CREATE_ORDER = ToolSpec.nonIdempotent("create_order");

  // A real HTTP tool server answering each status, called with HttpURLConnection, whose own
  // IOException ("Server returned HTTP response code: 403 for URL: …") is all the caller has.
  @ParameterizedTest(name = "{0}, idempotent={1} -> {2} {3}")
  @CsvSource({
    "403, true,  permission_denied, fail_closed",
    "401, false, permission_denied, fail_closed",
    "500, false, execution_failed,  fail_closed",
    "409, false, execution_failed,  fail_closed",
    "422, true,  invalid_arguments, fail_closed",
    "503, false, ambiguous_outcome, fail_closed"
  })
  void aStatusTheJdkClientPrintedFromARealServerDecides(
      int status, boolean idempotent, String kind, String action) throws Exception {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/orders",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] body = "{\"error\":\"no\"}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    try {
      IOException thrown = post("http://127.0.0.1:" + server.getAddress().getPort() + "/orders");
      assertThat(thrown.getMessage()).contains("HTTP response code: " + status);

      ToolDecision d = CLASSIFIER.classify(thrown, idempotent ? SEARCH : CREATE_ORDER);

      assertThat(d.kind().wireName()).isEqualTo(kind);
      assertThat(d.action().wireName()).isEqualTo(action);
    } finally {
      server.stop(0);
    }
  }

  private static IOException post(String url) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    c.setRequestMethod("POST");
    c.setDoOutput(true);
    try (OutputStream out = c.getOutputStream()) {
      out.write("{\"sku\":\"A1\"}".getBytes(StandardCharsets.UTF_8));
    }
    try {
      c.getInputStream().close();
      throw new AssertionError("expected an error status");
    } catch (IOException e) {
      return e;
    } finally {
      c.disconnect();
    }
  }

  // The phrasings of axios, python-requests, httpx, urllib, the MCP TypeScript SDK's transports,
  // the MCP Java SDK's HTTP transport, Spring's WebClient, and tools' own lines ("API error 401",
  // "Error 400", "502: Bad Gateway").
  @ParameterizedTest(name = "{0} ({1}) -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Request failed with status code 403                                               | idempotent     | permission_denied | fail_closed
          AxiosError: Request failed with status code 500                                   | non_idempotent | execution_failed  | fail_closed
          409 Client Error: Conflict for url: http://localhost:8080/api/orders              | non_idempotent | execution_failed  | fail_closed
          412 Client Error: Precondition Failed for url: http://localhost:8080/api/orders/7 | idempotent     | invalid_arguments | fail_closed
          Client error '422 Unprocessable Entity' for url 'http://localhost:8080/api/orders'| idempotent     | invalid_arguments | fail_closed
          Server error '500 Internal Server Error' for url 'http://localhost:8080/api/orders'| non_idempotent | execution_failed  | fail_closed
          HTTPError: HTTP Error 401: Unauthorized                                           | idempotent     | permission_denied | fail_closed
          Streamable HTTP error: Error POSTing to endpoint (HTTP 500): boom                 | non_idempotent | execution_failed  | fail_closed
          SSE error: Non-200 status code (502)                                              | non_idempotent | ambiguous_outcome | fail_closed
          Sending message failed with a non-OK HTTP code: 500 - Internal Server Error       | non_idempotent | execution_failed  | fail_closed
          500 Internal Server Error from POST http://localhost:8080/api/orders              | non_idempotent | execution_failed  | fail_closed
          Internal Server Error                                                             | non_idempotent | execution_failed  | fail_closed
          Unprocessable Entity                                                              | idempotent     | invalid_arguments | fail_closed
          Error: GitHub API error: 401                                                      | non_idempotent | permission_denied | fail_closed
          Error loading profile: API error 403: error code: 1010                            | idempotent     | permission_denied | fail_closed
          BingSearch::ServiceError: Bing error 401: The authorization type is not supported | idempotent     | permission_denied | fail_closed
          unable to execute query: googleapi: Error 400: Syntax error at [1:1]              | non_idempotent | invalid_arguments | fail_closed
          502: Bad Gateway                                                                  | non_idempotent | ambiguous_outcome | fail_closed
          """)
  void aStatusAClientPrintedIsReadAsThatStatus(
      String message, String idempotency, String kind, String action) {
    ToolSpec spec = "idempotent".equals(idempotency) ? SEARCH : CREATE_ORDER;
    ToolDecision d = CLASSIFIER.classify(new IllegalStateException(message), spec);

    assertThat(d.kind().wireName()).isEqualTo(kind);
    assertThat(d.action().wireName()).isEqualTo(action);
  }

  // A status that does not fail closed loosens nothing: a web-fetch tool's 404 from the page it
  // fetched keeps the failover of an unknown failure, with retrySafe false for a non-idempotent
  // call.
  @Test
  void aPrintedStatusNeverLoosens() {
    ToolDecision notFound =
        CLASSIFIER.classify(
            new IllegalStateException("Request failed with status code 404"), CREATE_ORDER);
    assertThat(notFound.kind()).isEqualTo(ToolFailureKind.UNKNOWN);
    assertThat(notFound.retrySafe()).isFalse();

    ToolDecision typed =
        CLASSIFIER.classify(
            ToolFailureEvidence.of(true)
                .withStatus(403)
                .withMessage("Request failed with status code 503"));
    assertThat(typed.kind()).isEqualTo(ToolFailureKind.PERMISSION_DENIED);

    ToolDecision exitStatus =
        CLASSIFIER.classify(
            new IllegalStateException("Command 'make' returned non-zero exit status 2."), SEARCH);
    assertThat(exitStatus.kind()).isEqualTo(ToolFailureKind.EXECUTION_FAILED);
  }
}
