-- release: ARGV[4] token. The probe's holder learnt nothing (neutral or abandoned): its lease is
-- freed and the next attempt may probe at once.
if redis.call('GET', KEYS[2]) ~= ARGV[4] then
  return snapshot()
end
redis.call('DEL', KEYS[2])
redis.call('HDEL', KEYS[5], 'lu', 'lg')
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'until', ARGV[2])
end
return changed()
