// Rocket exhaust: the trail's regions carry the flame's heat as their alpha (the layered shapes'
// combined alpha, from flat.vert); this turns heat into flame colour (red edge → orange → white-hot
// core) with a flicker of value noise that scrolls with uTime. uPower scales the heat (a longer burn
// at higher speed). Drawn as the trail's own shader, only its pixels pay for it.
in vec4 vColor;
out vec4 finalColor;

uniform float uTime;
uniform float uPower;

float hash(vec2 p)
{
    return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453);
}

float noise(vec2 p)
{
    vec2 i = floor(p);
    vec2 f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x), mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}

void main(void)
{
    float heat = vColor.a;
    vec2 p = gl_FragCoord.xy * 0.07;
    float n = 0.6 * noise(p + vec2(uTime * 7.0, uTime * 2.0)) + 0.4 * noise(p * 2.3 - vec2(uTime * 11.0, 0.0));
    float h = clamp(heat * (0.65 + 0.7 * n) * uPower, 0.0, 1.0);
    vec3 colour = mix(vec3(0.85, 0.12, 0.05), vec3(1.0, 0.55, 0.1), smoothstep(0.1, 0.5, h));
    colour = mix(colour, vec3(1.0, 0.96, 0.75), smoothstep(0.55, 0.95, h));
    float a = smoothstep(0.04, 0.35, h);
    finalColor = vec4(colour * a, a);
}
