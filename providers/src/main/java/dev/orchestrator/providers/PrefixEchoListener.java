package dev.orchestrator.providers;

import dev.orchestrator.engine.chat.ForwardingStreamListener;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;

/**
 * A stream listener that gives the caller a route's continuation of a prefill without the prefill
 * the route repeats first: Mistral answers a final assistant message marked {@code prefix} starting
 * with that very text (docs/design.md §13), while a caller — and the engine continuing a cut
 * stream, which puts the partial answer before the continuation itself — expects only what follows
 * it, as every other family answers. Text is held while it matches the prefix so far: the whole
 * prefix is left out, and text that departs from it (a route that does not repeat it) is passed on
 * at once, with what was held. Everything else is passed on unchanged, after any text held. Not
 * thread-safe: one instance per attempt, called on the attempt's thread as every listener.
 */
final class PrefixEchoListener extends ForwardingStreamListener {
  private final String prefix;
  private final StringBuilder held = new StringBuilder();
  private boolean matching = true;

  PrefixEchoListener(StreamListener delegate, String prefix) {
    super(delegate);
    this.prefix = prefix;
  }

  @Override
  public void onContent(String delta) {
    if (!matching) {
      delegate().onContent(delta);
      return;
    }
    held.append(delta);
    int n = Math.min(held.length(), prefix.length());
    if (!prefix.regionMatches(0, held.substring(0, n), 0, n)) {
      release();
      return;
    }
    if (held.length() >= prefix.length()) {
      matching = false;
      String rest = held.substring(prefix.length());
      held.setLength(0);
      if (!rest.isEmpty()) {
        delegate().onContent(rest);
      }
    }
  }

  /**
   * Passes on text held as a possible repeat of the prefix that turned out not to be one (the
   * answer ended within it); called once the attempt's stream has ended well.
   */
  void finish() {
    if (matching) {
      release();
    }
  }

  private void release() {
    matching = false;
    if (held.length() > 0) {
      String text = held.toString();
      held.setLength(0);
      delegate().onContent(text);
    }
  }

  @Override
  public void onToolCall(ToolCall call) {
    release();
    delegate().onToolCall(call);
  }

  @Override
  public void onToolCallDelta(ToolCallDelta delta) {
    release();
    delegate().onToolCallDelta(delta);
  }

  @Override
  public void onRefusal(String delta) {
    release();
    delegate().onRefusal(delta);
  }

  /**
   * The answer's text without the repeated prefix: what follows it when the text starts with the
   * whole prefix, else the text as the route wrote it (the listener's rule, for a whole answer and
   * a stream's assembled one alike).
   */
  static String withoutEcho(String content, String prefix) {
    return content.startsWith(prefix) ? content.substring(prefix.length()) : content;
  }
}
