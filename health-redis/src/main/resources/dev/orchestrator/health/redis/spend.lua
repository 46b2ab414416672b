-- spend (not a route script; ADR 0022). KEYS are client spend windows
-- ({ns:spend}:<client>:d:<day> or :m:<month>), each a hash of process id -> that process's
-- spend in the window so far, in integer nano-dollars.
-- ARGV[1] this process's id, ARGV[2] the spend channel, then for each key i:
-- ARGV[1 + 2i] this process's spend in the window, ARGV[2 + 2i] the window's ttl in ms.
-- A process's field only grows (the larger of the stored and the given value), so sending the
-- same count again (after a reply was lost, or to a Redis that restarted empty) never counts it
-- twice. A count of 0 writes nothing (a read). Returns, for each window, what the other processes
-- spent (the sum of the other fields); publishes "<key>\n<id>\n<count>\n<total>" for each window
-- that changed, the total being the sum of every field.
local id, channel = ARGV[1], ARGV[2]
local others = {}
for i, key in ipairs(KEYS) do
  local mine = ARGV[1 + 2 * i]
  local stored = redis.call('HGET', key, id)
  local changed = tonumber(mine) > tonumber(stored or '0')
  if changed then
    redis.call('HSET', key, id, mine)
    redis.call('PEXPIRE', key, ARGV[2 + 2 * i])
  end
  local total, own = 0, 0
  local fields = redis.call('HGETALL', key)
  for j = 1, #fields, 2 do
    local v = tonumber(fields[j + 1])
    total = total + v
    if fields[j] == id then
      own = v
    end
  end
  others[i] = total - own
  if changed then
    redis.call('PUBLISH', channel,
      key .. '\n' .. id .. '\n' .. mine .. '\n' .. string.format('%d', total))
  end
end
return others
