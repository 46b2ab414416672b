package dev.orchestrator.engine.testing;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/** Small hand-built catalogs for engine tests (shared with other modules via the test-jar). */
public final class Catalogs {
  private Catalogs() {}

  /** A provider speaking OpenAI chat at a placeholder URL, keyed by {@code ID_API_KEY}. */
  public static Provider provider(String id) {
    return Provider.of(
        id,
        "http://" + id + ".invalid/v1",
        Protocol.OPENAI_CHAT,
        List.of(id.toUpperCase() + "_KEY"));
  }

  /** A chat route with prices, a window and capabilities. */
  public static Route route(
      String provider, String model, String in, String out, Integer window, Capability... caps) {
    return Route.builder(provider, model)
        .prices(in == null ? null : new BigDecimal(in), out == null ? null : new BigDecimal(out))
        .contextWindow(window)
        .capabilities(caps)
        .build();
  }

  /** A free chat route. */
  public static Route free(String provider, String model, int window, Capability... caps) {
    return route(provider, model, "0", "0", window, caps);
  }

  /** A priced chat route. */
  public static Route priced(String provider, String model, int window, Capability... caps) {
    return route(provider, model, "1", "2", window, caps);
  }

  /**
   * A catalog of these routes, with their providers, and a virtual pool {@code name} that tries
   * them in this order.
   */
  public static Catalog virtualPool(String name, Route... routes) {
    List<String> ids = Arrays.stream(routes).map(Route::id).toList();
    return of(routes).toBuilder().pool(new Pool(name, PoolKind.VIRTUAL, ids)).build();
  }

  /** A catalog of these routes, with their providers. */
  public static Catalog of(Route... routes) {
    Catalog.Builder b = Catalog.builder();
    for (Route r : routes) {
      b.provider(provider(r.provider()));
      b.route(r);
    }
    return b.build();
  }
}
