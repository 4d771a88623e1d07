/**
 * The package document template: html-to-epub 6.2's own `templates/epub3/content.opf.ejs`, except that every date
 * (`dcterms:modified`, `dc:date`, the copyright year) is taken from the book's `date` (the document's `updated_at`,
 * an ISO string) instead of the clock, so one document version gives one file. Written into the render's private
 * directory and passed as `customOpfTemplatePath`.
 *
 * Adapted from @lesjoursfr/html-to-epub (templates/epub3/content.opf.ejs), under its MIT License:
 * Copyright (c) Les Jours (github.com/lesjoursfr)
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
 * documentation files (the "Software"), to deal in the Software without restriction, including without limitation the
 * rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
 * permit persons to whom the Software is furnished to do so, subject to the following conditions: The above copyright
 * notice and this permission notice shall be included in all copies or substantial portions of the Software.
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
 * WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
 * COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
 * OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
export const OPF_TEMPLATE = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf"
         version="3.0"
         unique-identifier="BookId"
         xmlns:dc="http://purl.org/dc/elements/1.1/"
         xmlns:dcterms="http://purl.org/dc/terms/"
         xml:lang="en"
         xmlns:media="http://www.idpf.org/epub/vocab/overlays/#"
         prefix="ibooks: http://vocabulary.itunes.apple.com/rdf/ibooks/vocabulary-extensions-1.0/">
    <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"
              xmlns:opf="http://www.idpf.org/2007/opf">
        <dc:identifier id="BookId"><%= uuid %></dc:identifier>
        <meta refines="#BookId" property="identifier-type" scheme="onix:codelist5">22</meta>
        <meta property="dcterms:identifier" id="meta-identifier">BookId</meta>
        <dc:title><%= title %></dc:title>
        <meta property="dcterms:title" id="meta-title"><%= title %></meta>
        <dc:language><%= lang || "en" %></dc:language>
        <meta property="dcterms:language" id="meta-language"><%= lang || "en" %></meta>
        <meta property="dcterms:modified"><%= date.slice(0, 19) + "Z" %></meta>
        <dc:creator id="creator"><%= author.length ? author.join(",") : author %></dc:creator>
        <meta refines="#creator" property="file-as"><%= author.length ? author.join(",") : author %></meta>
        <meta property="dcterms:publisher"><%= publisher || "anonymous" %></meta>
        <dc:publisher><%= publisher || "anonymous" %></dc:publisher>
        <meta property="dcterms:date"><%= date.slice(0, 10) %></meta>
        <dc:date><%= date.slice(0, 10) %></dc:date>
        <meta property="dcterms:rights">All rights reserved</meta>
        <dc:rights>Copyright &#x00A9; <%= date.slice(0, 4) %> by <%= publisher || "anonymous" %></dc:rights>
        <% if(locals.coverMetaContent) { %><meta name="cover" content="<%= locals.coverMetaContent %>"/><% } %>
        <meta name="generator" content="epub-gen" />
        <meta property="ibooks:specified-fonts">true</meta>
        <% collections.forEach(function(collection, index){ %>
        <meta property="belongs-to-collection" id="collectionNum<%= index %>"><%= collection.name %></meta>
        <% if(collection.type) { %><meta refines="#collectionNum<%= index %>" property="collection-type"><%= collection.type %></meta><% } %>
        <% if(collection.position) { %><meta refines="#collectionNum<%= index %>" property="group-position"><%= collection.position %></meta><% } %>
        <% }) %>
    </metadata>
    <manifest>
        <% if (locals.cover) { %><item id="cover" href="cover.xhtml" media-type="application/xhtml+xml" properties="svg"/><% } %>
        <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml" />
        <item id="toc" href="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>
        <item id="css" href="style.css" media-type="text/css" />
        <% if(locals.cover) { %><item id="image_cover" href="cover.<%= coverExtension %>" media-type="<%= coverMediaType %>" properties="cover-image" /><% } %>
        <% images.forEach(function(image, index){ %>
        <item id="image_<%= index %>" href="images/<%= image.id %>.<%= image.extension %>" media-type="<%= image.mediaType %>" <% if(image.isCoverImage){ %>properties="cover-image"<% } %> />
        <% }) %>
        <% audioVideo.forEach(function(media, index){ %>
        <item id="media_<%= index %>" href="audiovideo/<%= media.id %>.<%= media.extension %>" media-type="<%= media.mediaType %>" />
        <% }) %>
        <% content.forEach(function(content, index){ %>
        <% if(!content.isCover){ %><item id="content_<%= index %>_<%= content.id %>" href="<%= content.href %>" media-type="application/xhtml+xml" /><% } %>
        <% }) %>
        <% fonts.forEach(function(font, index){%><item id="font_<%= index%>" href="fonts/<%= font %>" media-type="application/x-font-ttf" /><%})%>
    </manifest>
    <spine toc="ncx">
        <% if (locals.cover) { %><itemref idref="cover"/><% } %>
        <% content.forEach(function(content, index){ %>
            <% if(content.beforeToc && !content.isCover){ %>
                <itemref idref="content_<%= index %>_<%= content.id %>"/>
            <% } %>
        <% }) %>
        <% if (locals.showToC) { %><itemref idref="toc" /><% } %>
        <% content.forEach(function(content, index){ %>
            <% if(!content.beforeToc){ %>
                <itemref idref="content_<%= index %>_<%= content.id %>"/>
            <% } %>
        <% }) %>
    </spine>
    <guide>
        <% if (locals.cover) { %><reference type="cover" title="Cover" href="cover.xhtml"/><% } %>
        <% if (locals.showToC) { %><reference type="toc" title="Table of Content" href="toc.xhtml"/><% } %>
        <reference type="text" title="Start of Content" href="<%= locals.startOfContentHref %>"/>
    </guide>
</package>`;
