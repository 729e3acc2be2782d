#!/usr/bin/env python3
"""scripts/function-lengths.py FILE... - lines of each top-level C++ function (signature line to closing brace),
longest first, those over $MINLEN (default 60). Namespaces are transparent; class/struct/enum bodies and
initialisers (`= {`, data tables) are skipped. Issue 26 asks for none over ~80 outside data tables:
  MINLEN=80 python3 scripts/function-lengths.py core/src/*.cpp core/api/*.cpp core/cli/*.cpp web/*.cpp"""
import re, sys, glob
def strip(src):
    out=[];i=0;n=len(src)
    while i<n:
        c=src[i]
        if src.startswith('//',i):
            j=src.find('\n',i); j=n if j<0 else j; out.append(' '*(j-i)); i=j
        elif src.startswith('/*',i):
            j=src.find('*/',i+2); j=n if j<0 else j+2; out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j
        elif src.startswith('R"',i):
            m=re.match(r'R"([^(\s]*)\(',src[i:]); d=m.group(1); j=src.find(')'+d+'"',i)+len(d)+2
            out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j
        elif c in '"\'':
            j=i+1
            while j<n and src[j]!=c:
                j+= 2 if src[j]=='\\' else 1
            j+=1; out.append(c+' '*(j-i-2)+c); i=j
        elif c=='#' and (i==0 or src[i-1]=='\n'):
            j=i
            while True:
                k=src.find('\n',j); k=n if k<0 else k
                if src[k-1]=='\\' and k<n: j=k+1; continue
                break
            out.append(re.sub(r'[^\n]',' ',src[i:k])); i=k
        else: out.append(c); i+=1
    return ''.join(out)
res=[]
for f in sys.argv[1:]:
    s=strip(open(f).read())
    stack=[]  # entries: 'ns' or ('fn',startline,name) or 'other'
    depth_fn=None
    last_end=0
    i=0
    line=1
    for i,c in enumerate(s):
        if c=='\n': line+=1
        elif c=='{':
            if any(isinstance(e,tuple) or e=='other' for e in stack):
                stack.append('inner'); continue
            head=s[last_end:i]
            h=' '.join(head.split())
            if re.search(r'\bnamespace\b[^;]*$',h) or re.search(r'extern\s+" *"\s*$',h): stack.append('ns'); last_end=i+1; continue
            if re.search(r'(\bstruct|\bclass|\benum|\bunion)\b[^()]*$',h) or h.rstrip().endswith('=') or re.search(r'=\s*[\w:<>, ]*$',h) or not h.rstrip().endswith(')') and not re.search(r'\)\s*(const|noexcept|override|->\s*[\w:<>]+)?\s*$',h):
                stack.append('other'); continue
            # start line: first line of signature = line of first non-space char of head
            k=last_end
            while k<i and s[k].isspace(): k+=1
            sl=s.count('\n',0,k)+1
            m=re.search(r'([\w:~<>]+)\s*\([^()]*(\([^()]*\)[^()]*)*\)\s*(const|noexcept|->[^{]*)?\s*$',h)
            stack.append(('fn',sl,m.group(1) if m else h[-40:]))
        elif c=='}':
            if not stack: continue
            e=stack.pop()
            if isinstance(e,tuple):
                res.append((line-e[1]+1,f,e[1],e[2]))
            if not stack or stack[-1]=='ns' or e in('ns',) or isinstance(e,tuple) or (e=='other' and not any(isinstance(x,tuple) or x=='other' for x in stack)):
                last_end=i+1
        elif c==';' and not any(isinstance(e,tuple) or e=='other' or e=='inner' for e in stack):
            last_end=i+1
res.sort(reverse=True)

for n,f,l,name in res:
    if n>int(__import__("os").environ.get("MINLEN","60")): print(f'{n:4d} {f}:{l} {name}')
