-- spend (not a route script; ADR 0022). KEYS are client spend windows
-- ({ns:spend}:<client>:d:<day> or :m:<month>), each a hash of process id -> that process's
-- spend in the window so far, in integer nano-dollars.
-- ARGV[1] this process's id, ARGV[2] the spend channel, then for each key i:
-- ARGV[1 + 2i] this process's spend in the window, ARGV[2 + 2i] the window's ttl in ms.
-- A process's field only grows (the larger of the stored and the given value), so sending the
-- same count again — after a reply was lost, or to a Redis that restarted empty — never counts it
-- twice. A count of 0 writes nothing (a read). Returns each window's fleet total (the sum of its
-- fields) and publishes "<key>\n<total>" for each window that changed.
local id, channel = ARGV[1], ARGV[2]
local totals = {}
for i, key in ipairs(KEYS) do
  local mine = ARGV[1 + 2 * i]
  local stored = redis.call('HGET', key, id)
  local changed = tonumber(mine) > tonumber(stored or '0')
  if changed then
    redis.call('HSET', key, id, mine)
    redis.call('PEXPIRE', key, ARGV[2 + 2 * i])
  end
  local total = 0
  for _, v in ipairs(redis.call('HVALS', key)) do
    total = total + tonumber(v)
  end
  totals[i] = total
  if changed then
    redis.call('PUBLISH', channel, key .. '\n' .. string.format('%d', total))
  end
end
return totals
