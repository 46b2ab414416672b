-- shared-count: KEYS[1] a counter of one window; ARGV[1] the window's end (wall ms).
-- Adds one and returns the fleet's count; the key lives until its window ends (ADR 0033).
local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('PEXPIREAT', KEYS[1], ARGV[1])
end
return n
