package dev.orchestrator.serve.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** Writing whole JSON answers and errors, recording the status in the access-log entry. */
public final class Responses {
  private Responses() {}

  /** Sends {@code body} as JSON with {@code status} and extra headers. */
  public static void send(
      HttpCall ex, AccessLog.Entry entry, int status, byte[] body, Map<String, String> extra) {
    send(ex, entry, status, "application/json", body, extra);
  }

  /** Sends {@code body} with a content type. */
  public static void send(
      HttpCall ex,
      AccessLog.Entry entry,
      int status,
      String contentType,
      byte[] body,
      Map<String, String> extra) {
    entry.status = status;
    try {
      ex.send(status, contentType, body, extra);
    } catch (IOException e) {
      entry.error = "client_closed";
    }
  }

  /** Sends an error unless an answer has already started. */
  public static void error(HttpCall ex, AccessLog.Entry entry, ApiError e) {
    if (!ex.answered()) {
      send(ex, entry, e.status(), bytes(e.body()), e.headers());
    }
  }

  /** Serialises a JSON tree. */
  public static byte[] bytes(ObjectNode node) {
    try {
      return Json.MAPPER.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
