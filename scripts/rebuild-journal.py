"""Rebuilds server/drizzle/meta/_journal.json from the .sql files (ordered by tag; a merge's
conflict markers in the old journal are ignored). Run after adding a migration."""
import json, os, re
d=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'server', 'drizzle')
tags=sorted(f[:-4] for f in os.listdir(d) if re.match(r'^\d{4}_.*\.sql$', f))
old={}
try:
    src=open(d+'/meta/_journal.json').read()
    src=re.sub(r'<<<<<<<.*?\n|=======\n|>>>>>>>.*?\n','',src)
except Exception: src=''
for m in re.finditer(r'"when":\s*(\d+),\s*"tag":\s*"([^"]+)"', src):
    old[m.group(2)]=int(m.group(1))
entries=[]; last=0
for i,t in enumerate(tags):
    w=old.get(t, 0)
    if int(t[:4])>=13: w=1795726000000+int(t[:4])*100000
    assert w>last, (t,w,last)
    last=w
    entries.append({"idx":i,"version":"7","when":w,"tag":t,"breakpoints":True})
json.dump({"version":"7","dialect":"postgresql","entries":entries}, open(d+'/meta/_journal.json','w'), indent=2)
open(d+'/meta/_journal.json','a').write('\n')
print([ (e['idx'],e['tag']) for e in entries][-6:])
