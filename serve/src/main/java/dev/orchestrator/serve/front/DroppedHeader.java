package dev.orchestrator.serve.front;

import java.util.List;

/**
 * The {@code x-orchestrator-dropped} answer header of the Messages and Responses fronts: the paths
 * of the request's hints the serving route did not receive, comma-separated, in request order. A
 * long conversation may drop a hint on every turn (a {@code cache_control} per block, a replayed
 * {@code encrypted_content} per reasoning item), and an answer head has a fixed room (Jetty's, and
 * every proxy's on the way): so the header names entries while they fit in {@link #MAX_CHARS} and
 * counts the rest ({@code …,input[40].encrypted_content,... (960 more)} — ASCII, as a header value
 * must be); the trace names every one. Stateless.
 */
public final class DroppedHeader {
  /** The header's name. */
  public static final String NAME = "x-orchestrator-dropped";

  /** The longest value, in characters (each a byte on the wire once Jetty has encoded it). */
  public static final int MAX_CHARS = 4096;

  /** Room kept for the count of the entries left out: {@code ,... (NNNNNNNNNN more)}. */
  private static final int COUNT_ROOM = 24;

  private DroppedHeader() {}

  /** The header's value for {@code dropped} (non-empty), at most {@link #MAX_CHARS} long. */
  public static String value(List<String> dropped) {
    StringBuilder b = new StringBuilder();
    int named = 0;
    for (String d : dropped) {
      int room = MAX_CHARS - (named + 1 == dropped.size() ? 0 : COUNT_ROOM);
      if (b.length() + (named == 0 ? 0 : 1) + d.length() > room) {
        break;
      }
      b.append(named == 0 ? "" : ",").append(d);
      named++;
    }
    if (named < dropped.size()) {
      b.append(named == 0 ? "" : ",")
          .append("... (")
          .append(dropped.size() - named)
          .append(" more)");
    }
    return b.toString();
  }
}
