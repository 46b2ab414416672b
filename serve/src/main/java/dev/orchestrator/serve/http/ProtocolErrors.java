package dev.orchestrator.serve.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own refusals — a request it cannot parse, headers past its bound ({@code 431}), a bad URI
 * — answered in the JSON shape of the front the path names (Anthropic's for {@code /v1/messages},
 * OpenAI's otherwise) instead of Jetty's HTML page, so that a client's SDK can read them (issue
 * #30); a {@code 500} of a handler that threw says only its status. Thread-safe and stateless.
 */
public final class ProtocolErrors implements Request.Handler {
  private static final int MAX_MESSAGE = 200;

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    Object s = request.getAttribute(ErrorHandler.ERROR_STATUS);
    int status = s instanceof Integer ? (Integer) s : response.getStatus();
    if (status < 400 || status > 599) {
      status = 400;
    }
    // A 4xx says what was wrong with the request; a 5xx's message is a throwable's text inside the
    // server (a handler's Error), which is the log's, not the client's.
    Object m = status < 500 ? request.getAttribute(ErrorHandler.ERROR_MESSAGE) : null;
    String message = "HTTP " + status + (m == null ? "" : ": " + clean(m.toString()));
    HttpURI uri = request.getHttpURI();
    String path = uri == null || uri.getPath() == null ? "" : uri.getPath();
    String type = status >= 500 ? "api_error" : "invalid_request_error";
    ObjectNode body;
    if (path.startsWith("/v1/messages")) {
      body = Json.MAPPER.createObjectNode();
      body.put("type", "error");
      body.putObject("error").put("type", type).put("message", message);
    } else {
      body = ApiError.of(status, status >= 500 ? "server_error" : type, message, null, null).body();
    }
    byte[] bytes = Responses.bytes(body);
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, Integer.toString(bytes.length));
    response.write(true, ByteBuffer.wrap(bytes), callback);
    return true;
  }

  /** Printable ASCII, at most {@value #MAX_MESSAGE} characters: never echoes raw request bytes. */
  private static String clean(String m) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < m.length() && b.length() < MAX_MESSAGE; i++) {
      char c = m.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return b.toString();
  }
}
