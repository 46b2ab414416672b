package dev.orchestrator.engine.internal;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written whole or not at all: the bytes go to a temporary file beside it, which then
 * replaces it in one move (atomic where the file system can; a plain replace where it cannot), so a
 * reader or a crash mid-write never sees half a file. The spend files and the catalog cache keep
 * their last good copy this way. Stateless.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * Replaces {@code file} with {@code bytes}, creating its directory when needed.
   *
   * @throws IOException when the directory, the temporary file or the move fails; {@code file} is
   *     then as it was
   */
  public static void replace(Path file, byte[] bytes) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, "." + file.getFileName() + "-", ".tmp");
    try {
      Files.write(tmp, bytes);
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
